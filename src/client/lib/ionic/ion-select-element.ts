/** IonSelect as @ionic/react defines it, loaded by ion-select.ts when first needed. */
import { ionicControl } from './ionic-control';
import type { IonSelect as Typed } from '@ionic/react';
import { IonSelect as Element, defineCustomElement } from '@ionic/core/components/ion-select.js';

export const IonSelect = /*@__PURE__*/ ionicControl<typeof Typed>({
  tagName: 'ion-select',
  elementClass: Element,
  events: {
    onIonChange: 'ionChange',
    onIonCancel: 'ionCancel',
    onIonDismiss: 'ionDismiss',
    onIonFocus: 'ionFocus',
    onIonBlur: 'ionBlur',
  },
  defineCustomElement,
});
