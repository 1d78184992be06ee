/** IonRadio defined from the chunk that uses it (see vite.config.ts); same definition as @ionic/react's. */
import './setup-ionic';
import type { IonRadio as Typed } from '@ionic/react';
import { IonRadio as Element, defineCustomElement } from '@ionic/core/components/ion-radio.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonRadio = /*@__PURE__*/ createComponent({
  tagName: 'ion-radio',
  elementClass: Element,
  react: React,
  events: { onIonFocus: 'ionFocus', onIonBlur: 'ionBlur' },
  defineCustomElement,
}) as unknown as typeof Typed;
