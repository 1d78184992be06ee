/** IonButton defined from the chunk that uses it (see ionic-control.ts); @ionic/react's, minus router links (unused here). */
import { ionicControl } from './ionic-control';
import type { IonButton as Typed } from '@ionic/react';
import { IonButton as Element, defineCustomElement } from '@ionic/core/components/ion-button.js';

export const IonButton = /*@__PURE__*/ ionicControl<typeof Typed>({
  tagName: 'ion-button',
  elementClass: Element,
  events: { onIonFocus: 'ionFocus', onIonBlur: 'ionBlur' },
  defineCustomElement,
});
