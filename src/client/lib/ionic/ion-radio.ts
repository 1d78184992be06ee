/** IonRadio defined from the chunk that uses it (see ionic-control.ts); same definition as @ionic/react's. */
import { ionicControl } from './ionic-control';
import type { IonRadio as Typed } from '@ionic/react';
import { IonRadio as Element, defineCustomElement } from '@ionic/core/components/ion-radio.js';

export const IonRadio = /*@__PURE__*/ ionicControl<typeof Typed>({
  tagName: 'ion-radio',
  elementClass: Element,
  events: { onIonFocus: 'ionFocus', onIonBlur: 'ionBlur' },
  defineCustomElement,
});
