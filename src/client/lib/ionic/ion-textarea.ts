/** IonTextarea for the app's modules (see ionic-control.ts), its code loaded when first needed (deferred-control.ts). */
import type { IonTextarea as Typed } from '@ionic/react';
import { deferredControl } from './deferred-control';

export const IonTextarea = deferredControl(() =>
  import('./ion-textarea-element').then((m) => m.IonTextarea),
) as unknown as typeof Typed;
