/** IonCheckbox defined from the chunk that uses it (see vite.config.ts); same definition as @ionic/react's. */
import './setup-ionic';
import type { IonCheckbox as Typed } from '@ionic/react';
import { IonCheckbox as Element, defineCustomElement } from '@ionic/core/components/ion-checkbox.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonCheckbox = /*@__PURE__*/ createComponent({
  tagName: 'ion-checkbox',
  elementClass: Element,
  react: React,
  events: { onIonChange: 'ionChange', onIonFocus: 'ionFocus', onIonBlur: 'ionBlur' },
  defineCustomElement,
}) as unknown as typeof Typed;
