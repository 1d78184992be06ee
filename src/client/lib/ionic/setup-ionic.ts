/**
 * Ionic's one-time set-up (what setupIonicReact() does: config, mode and platform classes) and the
 * <ion-app> element the shell renders, run before the first Ionic component renders: every module
 * that uses Ionic imports this one first (vite.config.ts adds the import to the app's modules that
 * import '@ionic/react'; the lib/ionic/ion-*.ts controls import it themselves). It does not import
 * @ionic/react, whose single module would bring every component: the public shell never loads it.
 */
import { initialize } from '@ionic/core/components';
import { defineCustomElement as defineIonApp } from '@ionic/core/components/ion-app.js';

// @ionic/react's setupIonicReact(): the class tells Ionic's CSS that components are custom elements.
document.documentElement.classList.add('ion-ce');
initialize();
defineIonApp();
