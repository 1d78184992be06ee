/** scripts/library-chunks.ts: which built modules hold the libraries, and the order a takeover runs them. */
import { describe, expect, it } from 'vitest';
import { inPackages, libraryChunksIn, LIBRARY_CHUNKS } from '../../scripts/library-chunks';

describe('library chunks', () => {
  it('names the libraries in the order they run: React and TanStack Query before the router', () => {
    expect(LIBRARY_CHUNKS.map(({ name }) => name)).toEqual(['lib-query', 'lib-router']);
    const modules = ['/assets/index-Ab1.js', '/assets/lib-router-x_Y-2.js', '/assets/lib-query-Q9.js'];
    expect(libraryChunksIn(modules)).toEqual(['/assets/lib-query-Q9.js', '/assets/lib-router-x_Y-2.js']);
  });

  it('finds none in a build without them, and no chunk whose name only starts alike', () => {
    expect(libraryChunksIn(['/assets/index-Ab1.js', '/assets/library-page-Zz.js'])).toEqual([]);
    expect(libraryChunksIn(['/assets/lib-query-Q9.css'])).toEqual([]);
  });

  it("matches a package's own files, not a package whose name begins like it", () => {
    const react = inPackages(['react']);
    expect(react.test('/app/node_modules/react/cjs/react.production.js')).toBe(true);
    expect(react.test('C:\\app\\node_modules\\react\\index.js')).toBe(true);
    expect(react.test('/app/node_modules/react-dom/client.js')).toBe(false);
    expect(
      inPackages(['@tanstack/router-core']).test('/app/node_modules/@tanstack/router-core/dist/esm/router.js'),
    ).toBe(true);
  });
});
