/**
 * Ionic's one-time set-up (config, mode and platform classes) and the <ion-app> element the shell
 * renders, run before the first Ionic component renders: every module that uses Ionic imports this
 * one first (vite.config.ts adds the import to the app's modules that import '@ionic/react', the
 * lib/ionic/ion-*.ts controls import it themselves). The public shell never loads it.
 */
import { defineCustomElement as defineIonApp } from '@ionic/core/components/ion-app.js';
import { setupIonicReact } from '@ionic/react';

setupIonicReact();
defineIonApp();
