/** IonTextarea as @ionic/react defines it, loaded by ion-textarea.ts when first needed. */
import './setup-ionic';
import type { IonTextarea as Typed } from '@ionic/react';
import { IonTextarea as Element, defineCustomElement } from '@ionic/core/components/ion-textarea.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonTextarea = /*@__PURE__*/ createComponent({
  tagName: 'ion-textarea',
  elementClass: Element,
  react: React,
  events: { onIonChange: 'ionChange', onIonInput: 'ionInput', onIonBlur: 'ionBlur', onIonFocus: 'ionFocus' },
  defineCustomElement,
}) as unknown as typeof Typed;
