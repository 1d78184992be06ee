/**
 * Ionic's one-time set-up (what setupIonicReact() does: config, mode and platform classes) and the
 * <ion-app> element the shell renders, run before the first Ionic component renders. No single
 * module does it for the app: the shell loads no Ionic, and whichever chunk uses Ionic first sets
 * it up. So every module that imports components from '@ionic/react' imports this one first (a
 * side-effect import), and the lib/ionic/ion-*.ts controls do so through ionic-control.ts. It does
 * not import @ionic/react, whose single module would bring every component: the public shell
 * never loads it.
 */
import { initialize } from '@ionic/core/components';
import { defineCustomElement as defineIonApp } from '@ionic/core/components/ion-app.js';

// @ionic/react's setupIonicReact(): the class tells Ionic's CSS that components are custom elements.
document.documentElement.classList.add('ion-ce');
initialize();
defineIonApp();
