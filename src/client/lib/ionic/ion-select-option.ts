/** IonSelectOption defined from the chunk that uses it (see vite.config.ts); same definition as @ionic/react's. */
import './setup-ionic';
import type { IonSelectOption as Typed } from '@ionic/react';
import { IonSelectOption as Element, defineCustomElement } from '@ionic/core/components/ion-select-option.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonSelectOption = /*@__PURE__*/ createComponent({
  tagName: 'ion-select-option',
  elementClass: Element,
  react: React,
  events: {},
  defineCustomElement,
}) as unknown as typeof Typed;
