import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHints } from './scripts/compile-hints';
import { inPackages, LIBRARY_CHUNKS } from './scripts/library-chunks';
import { APP_SHELL_FILE, prerender, writeAppShell } from './scripts/prerender';
import { pathAliases } from './path-aliases';

const THEME_COLOR = '#0f766e';
/** The prerendered pages' only script (src/client/boot.ts), a build entry of its own. */
const BOOT_ENTRY = 'boot';

/**
 * Writes app.html (the plain shell) and the prerendered public pages into the build
 * (scripts/prerender.ts) before vite-plugin-pwa lists the files to precache. PRERENDER=0 skips the
 * pages (the app works without: every page then renders in the browser, as app.html does).
 */
function prerenderPublicPages(): Plugin {
  let outDir = '';
  let ssr = false;
  let bootScript = '';
  return {
    name: 'trabot:prerender',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      const boot = Object.values(bundle).find(
        (file) => file.type === 'chunk' && file.isEntry && file.name === BOOT_ENTRY,
      );
      if (boot) bootScript = `/${boot.fileName}`;
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        if (ssr) return;
        writeAppShell(outDir);
        if (!bootScript) throw new Error(`the build has no ${BOOT_ENTRY} entry`);
        if (process.env.PRERENDER !== '0') await prerender(outDir, bootScript);
      },
    },
  };
}

export default defineConfig({
  resolve: { alias: pathAliases },
  plugins: [
    // Must come before the React plugin: it generates the route tree and splits route components.
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/client/routes',
      generatedRouteTree: 'src/client/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    prerenderPublicPages(),
    compileHints(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false, // registered by the update prompt (virtual:pwa-register/react)
      includeAssets: ['favicon.svg', 'favicon-32.png', 'apple-touch-icon.png', 'robots.txt'],
      manifest: {
        name: 'Trabot',
        short_name: 'Trabot',
        description:
          'Algorithmic trading research, free workshops and the Trabot membership: your trades and account, online and offline.',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        id: '/',
        lang: 'en',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{html,js,css,svg,png,webp,woff2,webmanifest}'],
        // index.html is the prerendered home page; app.html the plain shell every other route renders into.
        navigateFallback: `/${APP_SHELL_FILE}`,
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // Web Push: the member's trades saved on a trade push (public/trades-copy-sw.js), then
        // notifications and their Approve / Reject actions (public/push-sw.js), which uses it.
        importScripts: ['/trades-copy-sw.js', '/push-sw.js'],
        // No runtimeCaching: /api is never cached by the service worker.
      },
    }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        [BOOT_ENTRY]: fileURLToPath(new URL('./src/client/boot.ts', import.meta.url)),
      },
      output: {
        // What every first visit loads, in three files rather than a score of small ones: on a phone's
        // connection each file costs a round trip, six at a time. Two are the libraries', which a
        // prerendered page's takeover runs a task each before the app's (scripts/library-chunks.ts).
        codeSplitting: {
          groups: [
            ...LIBRARY_CHUNKS.map(({ name, packages }) => ({
              name,
              tags: ['$initial' as const],
              test: inPackages(packages),
              priority: 1,
            })),
            { name: 'app', tags: ['$initial'], test: (id: string) => !id.includes('/src/client/boot.ts') },
          ],
        },
      },
      treeshake: {
        // @ionic/react imports every Ionic web component; each one only defines itself when used.
        // A feature's index only re-exports what other features use: importing one piece of it must
        // not put the rest in the importer's chunk (the header's pending link is in every visit's).
        moduleSideEffects: [
          { test: /[\\/]@ionic[\\/]core[\\/]components[\\/]ion-[^\\/]*\.js$/, sideEffects: false },
          { test: /[\\/]src[\\/]client[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
        ],
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
