/** IonInput defined from the chunk that uses it (see vite.config.ts); same definition as @ionic/react's. */
import './setup-ionic';
import type { IonInput as Typed } from '@ionic/react';
import { IonInput as Element, defineCustomElement } from '@ionic/core/components/ion-input.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonInput = /*@__PURE__*/ createComponent({
  tagName: 'ion-input',
  elementClass: Element,
  react: React,
  events: { onIonInput: 'ionInput', onIonChange: 'ionChange', onIonBlur: 'ionBlur', onIonFocus: 'ionFocus' },
  defineCustomElement,
}) as unknown as typeof Typed;
