/** The browser's localStorage, or undefined where it is disabled (privacy mode, blocked cookies: reading it throws). */
export function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
