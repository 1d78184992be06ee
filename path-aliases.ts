/**
 * The import aliases for Vite and Vitest, the same as tsconfig.base.json's `paths` (which the type
 * checker, Playwright and tsx read). Spelled out here because Vite's own tsconfig reading applies a
 * tsconfig's paths only to the files it includes, and the tests belong to three tsconfigs.
 */
import { fileURLToPath } from 'node:url';

const folder = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export const pathAliases = {
  '@client': folder('./src/client'),
  '@server': folder('./src/server'),
  '@shared': folder('./src/shared'),
  '@tests': folder('./tests'),
};
