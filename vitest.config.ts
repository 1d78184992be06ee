import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        resolve: {
          // jsdom stands for a browser: Ionic's React wrappers (via @lit/react) must load their
          // browser build, whose node build renders for SSR and never passes props to elements.
          conditions: ['browser', 'module', 'import', 'default'],
          alias: {
            // vite-plugin-pwa's virtual module exists only in the Vite build.
            'virtual:pwa-register/react': fileURLToPath(new URL('./tests/unit/stubs/pwa-register-react.ts', import.meta.url)),
          },
        },
        test: {
          name: 'unit',
          environment: 'jsdom',
          server: { deps: { inline: ['@stencil/react-output-target'] } },
          include: ['tests/unit/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
