import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136+): in a file that starts with it, every function is
 * compiled while the file streams in, on a background thread, instead of on the main thread at its
 * first call. A chunk of this app is fetched when its code is about to run (the start-up's at once,
 * a route's when it is visited), so most of its functions run soon after (docs/performance.md,
 * "Where the takeover's main thread goes").
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The code with the hint as its first line, where alone V8 reads it. */
export function withCompileHint(code: string): string {
  return code.startsWith(`${COMPILE_HINT}\n`) ? code : `${COMPILE_HINT}\n${code}`;
}

/**
 * Puts the hint on every JavaScript chunk once the bundle is final: minification drops comments,
 * and Vite writes its preload map at the top of a chunk in its own generateBundle. (The build has
 * no source maps, which a line put in front would shift.)
 */
export function compileHints(): Plugin {
  return {
    name: 'trabot:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) if (file.type === 'chunk') file.code = withCompileHint(file.code);
      },
    },
  };
}
