/** IonRadioGroup defined from the chunk that uses it (see ionic-control.ts); same definition as @ionic/react's. */
import { ionicControl } from './ionic-control';
import type { IonRadioGroup as Typed } from '@ionic/react';
import { IonRadioGroup as Element, defineCustomElement } from '@ionic/core/components/ion-radio-group.js';

export const IonRadioGroup = /*@__PURE__*/ ionicControl<typeof Typed>({
  tagName: 'ion-radio-group',
  elementClass: Element,
  events: { onIonChange: 'ionChange' },
  defineCustomElement,
});
