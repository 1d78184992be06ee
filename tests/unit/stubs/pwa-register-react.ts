/**
 * Stand-in for vite-plugin-pwa's virtual module `virtual:pwa-register/react`, which exists only in
 * the Vite build (the unit project has no PWA plugin): no service worker, never an update.
 */
export function useRegisterSW() {
  return {
    needRefresh: [false, () => undefined] as const,
    offlineReady: [false, () => undefined] as const,
    updateServiceWorker: async () => undefined,
  };
}
