/** IonSelectOption defined from the chunk that uses it (see ionic-control.ts); same definition as @ionic/react's. */
import { ionicControl } from './ionic-control';
import type { IonSelectOption as Typed } from '@ionic/react';
import { IonSelectOption as Element, defineCustomElement } from '@ionic/core/components/ion-select-option.js';

export const IonSelectOption = /*@__PURE__*/ ionicControl<typeof Typed>({
  tagName: 'ion-select-option',
  elementClass: Element,
  events: {},
  defineCustomElement,
});
