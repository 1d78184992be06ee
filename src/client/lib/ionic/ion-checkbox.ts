/** IonCheckbox defined from the chunk that uses it (see ionic-control.ts); same definition as @ionic/react's. */
import { ionicControl } from './ionic-control';
import type { IonCheckbox as Typed } from '@ionic/react';
import { IonCheckbox as Element, defineCustomElement } from '@ionic/core/components/ion-checkbox.js';

export const IonCheckbox = /*@__PURE__*/ ionicControl<typeof Typed>({
  tagName: 'ion-checkbox',
  elementClass: Element,
  events: { onIonChange: 'ionChange', onIonFocus: 'ionFocus', onIonBlur: 'ionBlur' },
  defineCustomElement,
});
