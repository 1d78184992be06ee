/** IonSelect for the app's modules (see ionic-control.ts), its code loaded when first needed (deferred-control.ts). */
import type { IonSelect as Typed } from '@ionic/react';
import { deferredControl } from './deferred-control';

export const IonSelect = deferredControl(() =>
  import('./ion-select-element').then((m) => m.IonSelect),
) as unknown as typeof Typed;
