/**
 * An Ionic control defined as @ionic/react defines it, for the ion-*.ts modules: each defines one
 * control, so that it loads with the chunk that uses it (see vite.config.ts). Ionic is set up
 * (setup-ionic.ts) before the control's own module is evaluated: import this one first.
 */
import './setup-ionic';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

type ControlOptions = Omit<Parameters<typeof createComponent>[0], 'react'>;

/** `Typed`: @ionic/react's type of the control. */
export function ionicControl<Typed>(options: ControlOptions): Typed {
  return createComponent({ ...options, react: React }) as unknown as Typed;
}
