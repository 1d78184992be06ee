/** IonButton defined from the chunk that uses it (see vite.config.ts); @ionic/react's, minus router links (unused here). */
import './setup-ionic';
import type { IonButton as Typed } from '@ionic/react';
import { IonButton as Element, defineCustomElement } from '@ionic/core/components/ion-button.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonButton = /*@__PURE__*/ createComponent({
  tagName: 'ion-button',
  elementClass: Element,
  react: React,
  events: { onIonFocus: 'ionFocus', onIonBlur: 'ionBlur' },
  defineCustomElement,
}) as unknown as typeof Typed;
