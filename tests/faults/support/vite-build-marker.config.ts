/**
 * The app's own Vite config plus one tag in index.html naming the build (TRABOT_FAULTS_BUILD), so
 * the PWA fault test can deploy two builds that differ and tell which one a page runs. Changing
 * index.html changes its precache revision, hence the service worker: a real update.
 */
import { mergeConfig, type Plugin } from 'vite';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- Vite loads config files without the path aliases
import appConfig from '../../../vite.config';

const buildMarker: Plugin = {
  name: 'trabot:faults-build-marker',
  transformIndexHtml: () => [
    {
      tag: 'meta',
      attrs: { name: 'trabot-build', content: process.env.TRABOT_FAULTS_BUILD ?? 'unnamed' },
      injectTo: 'head',
    },
  ],
};

export default mergeConfig(appConfig, { plugins: [buildMarker] });
