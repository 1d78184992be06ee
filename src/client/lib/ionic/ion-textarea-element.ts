/** IonTextarea as @ionic/react defines it, loaded by ion-textarea.ts when first needed. */
import { ionicControl } from './ionic-control';
import type { IonTextarea as Typed } from '@ionic/react';
import { IonTextarea as Element, defineCustomElement } from '@ionic/core/components/ion-textarea.js';

export const IonTextarea = /*@__PURE__*/ ionicControl<typeof Typed>({
  tagName: 'ion-textarea',
  elementClass: Element,
  events: { onIonChange: 'ionChange', onIonInput: 'ionInput', onIonBlur: 'ionBlur', onIonFocus: 'ionFocus' },
  defineCustomElement,
});
