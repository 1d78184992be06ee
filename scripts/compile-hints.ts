import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136+): in a file that starts with it, every function is
 * compiled while the file streams in, on a background thread, instead of on the main thread at its
 * first call. A chunk of this app is fetched when its code is about to run (the start-up's at once,
 * a route's when it is visited), so most of its functions run soon after (docs/performance.md,
 * "Where the takeover's main thread goes").
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts the hint as the first line of every JavaScript chunk (V8 reads it nowhere else) once the
 * bundle is final: minification drops comments, and Vite writes its preload map at the top of a
 * chunk in its own generateBundle. (The build has no source maps, which the line would shift.)
 */
export function compileHints(): Plugin {
  return {
    name: 'trabot:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle))
          if (file.type === 'chunk') file.code = `${COMPILE_HINT}\n${file.code}`;
      },
    },
  };
}
