/** IonSelect as @ionic/react defines it, loaded by ion-select.ts when first needed. */
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
