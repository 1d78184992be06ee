import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const THEME_COLOR = '#0f766e';

export default defineConfig({
  plugins: [
    // Must come before the React plugin: it generates the route tree and splits route components.
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/client/routes',
      generatedRouteTree: 'src/client/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false, // registered by the update prompt (virtual:pwa-register/react)
      includeAssets: ['favicon.svg', 'favicon-32.png', 'apple-touch-icon.png', 'logo.svg', 'robots.txt'],
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
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // No runtimeCaching: /api is never cached by the service worker.
      },
    }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // @ionic/react imports every Ionic web component; each one only defines itself when used.
        moduleSideEffects: [{ test: /[\\/]@ionic[\\/]core[\\/]components[\\/]ion-[^\\/]*\.js$/, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
