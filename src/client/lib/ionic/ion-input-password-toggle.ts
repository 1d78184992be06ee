/** IonInputPasswordToggle defined from the chunk that uses it (see vite.config.ts); same definition as @ionic/react's. */
import './setup-ionic';
import type { IonInputPasswordToggle as Typed } from '@ionic/react';
import { IonInputPasswordToggle as Element, defineCustomElement } from '@ionic/core/components/ion-input-password-toggle.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonInputPasswordToggle = /*@__PURE__*/ createComponent({
  tagName: 'ion-input-password-toggle',
  elementClass: Element,
  react: React,
  events: {},
  defineCustomElement,
}) as unknown as typeof Typed;
