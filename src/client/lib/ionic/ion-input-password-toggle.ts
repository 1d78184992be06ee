/** IonInputPasswordToggle defined from the chunk that uses it (see ionic-control.ts); same definition as @ionic/react's. */
import { ionicControl } from './ionic-control';
import type { IonInputPasswordToggle as Typed } from '@ionic/react';
import {
  IonInputPasswordToggle as Element,
  defineCustomElement,
} from '@ionic/core/components/ion-input-password-toggle.js';

export const IonInputPasswordToggle = /*@__PURE__*/ ionicControl<typeof Typed>({
  tagName: 'ion-input-password-toggle',
  elementClass: Element,
  events: {},
  defineCustomElement,
});
