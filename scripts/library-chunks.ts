/**
 * The libraries every page loads, each built into a chunk of its own (vite.config.ts) that a
 * prerendered page's takeover runs in a task of its own before the app's entry (boot.ts reads
 * them from <meta name="app-libraries">, which scripts/prerender.ts writes). In the order they run:
 * React and TanStack Query first, then the router, which needs React. Run with the entry as one
 * module graph, the three made one task of 50-110 ms at 4x CPU.
 */
export const LIBRARY_CHUNKS = [
  {
    name: 'lib-query',
    packages: [
      'react',
      'use-sync-external-store',
      'zod',
      '@tanstack/query-core',
      '@tanstack/react-query',
      '@tanstack/query-persist-client-core',
      '@tanstack/react-query-persist-client',
      '@tanstack/query-sync-storage-persister',
    ],
  },
  {
    name: 'lib-router',
    packages: [
      '@tanstack/history',
      '@tanstack/store',
      '@tanstack/react-store',
      '@tanstack/router-core',
      '@tanstack/react-router',
    ],
  },
] as const;

/** A module id in one of `packages` (a path under node_modules). */
export function inPackages(packages: readonly string[]): RegExp {
  return new RegExp(String.raw`[\\/]node_modules[\\/](?:${packages.join('|')})[\\/]`);
}

/** The built library chunks among `hrefs` (files named `<name>-<hash>.js`), in the order they run. */
export function libraryChunksIn(hrefs: readonly string[]): string[] {
  return LIBRARY_CHUNKS.flatMap(({ name }) => hrefs.filter((href) => new RegExp(`/${name}-[^/]*\\.js$`).test(href)));
}
