/** Tells a lost or unreachable database apart from a bad query (503), and from a client that hung up. */

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);
/** PostgreSQL SQLSTATEs: 08xxx connection exceptions, 57P0x shutdown / cannot connect now, 53300 too many connections. */
const SQLSTATE = /^(08...|57P0[1-4]|53300)$/;
const MESSAGES = [
  'PGlite is closed',
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end on the pool',
  'Query read timeout',
];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (MESSAGES.some((m) => e instanceof Error && e.message.includes(m))) return true;
  }
  return false;
}

/**
 * The request's own stream failed because its client went away ("aborted", a reset while the body
 * was read): Node's IncomingMessage error, which carries ECONNRESET like a lost database would.
 */
export function isClientAbort(err: unknown): boolean {
  return err instanceof Error && err.message === 'aborted' && (err as { code?: unknown }).code === 'ECONNRESET';
}
