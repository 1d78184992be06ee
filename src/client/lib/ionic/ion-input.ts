/** IonInput defined from the chunk that uses it (see ionic-control.ts); same definition as @ionic/react's. */
import { ionicControl } from './ionic-control';
import type { IonInput as Typed } from '@ionic/react';
import { IonInput as Element, defineCustomElement } from '@ionic/core/components/ion-input.js';

export const IonInput = /*@__PURE__*/ ionicControl<typeof Typed>({
  tagName: 'ion-input',
  elementClass: Element,
  events: { onIonInput: 'ionInput', onIonChange: 'ionChange', onIonBlur: 'ionBlur', onIonFocus: 'ionFocus' },
  defineCustomElement,
});
