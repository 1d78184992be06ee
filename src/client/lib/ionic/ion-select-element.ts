/** IonSelect defined from the chunk that uses it (see vite.config.ts); same definition as @ionic/react's. */
import './setup-ionic';
import type { IonSelect as Typed } from '@ionic/react';
import { IonSelect as Element, defineCustomElement } from '@ionic/core/components/ion-select.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonSelect = /*@__PURE__*/ createComponent({
  tagName: 'ion-select',
  elementClass: Element,
  react: React,
  events: { onIonChange: 'ionChange', onIonCancel: 'ionCancel', onIonDismiss: 'ionDismiss', onIonFocus: 'ionFocus', onIonBlur: 'ionBlur' },
  defineCustomElement,
}) as unknown as typeof Typed;
