/** IonRadioGroup defined from the chunk that uses it (see vite.config.ts); same definition as @ionic/react's. */
import './setup-ionic';
import type { IonRadioGroup as Typed } from '@ionic/react';
import { IonRadioGroup as Element, defineCustomElement } from '@ionic/core/components/ion-radio-group.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonRadioGroup = /*@__PURE__*/ createComponent({
  tagName: 'ion-radio-group',
  elementClass: Element,
  react: React,
  events: { onIonChange: 'ionChange' },
  defineCustomElement,
}) as unknown as typeof Typed;
