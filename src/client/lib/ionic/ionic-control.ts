/**
 * An Ionic control defined as @ionic/react defines it, for the ion-*.ts modules. @ionic/react is a
 * single module: every Ionic component used anywhere, even only in a lazy route or modal, would
 * land in the first-visit bundle with it. So the form controls and buttons each have a module of
 * their own (ion-*.ts, same definitions), which the app imports instead of @ionic/react's (a lint
 * rule in eslint.config.js says so), and each loads with the chunk that uses it. Ionic is set up
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
