/**
 * Structured JSON logs (pino) to stdout and to DATA_DIR/logs/trabot.log, secrets redacted (by
 * field name, and a URL's password wherever it appears in a line, e.g. a proxy's); a line written
 * while a request is handled carries its requestId (http/request-id.ts). The file
 * is written synchronously: a line is in the file before the call returns, so a process killed with
 * kill -9 (or a crash) keeps every line it logged, the engine's audit lines included.
 */
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { requestLogFields } from '../http/request-id';
import { maskUrlCredentials } from './url-credentials';

export type Logger = pino.Logger;

export const REDACT_PATHS = [
  'password',
  '*.password',
  'broker_access_key',
  '*.broker_access_key',
  'captcha',
  '*.captcha',
  'token',
  '*.token',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

export function logFilePath(dataDir: string): string {
  return path.join(dataDir, 'logs', 'trabot.log');
}

/** The logger's options (the tests' loggers use them too): redaction, masked URL passwords, the request id. */
export const logOptions = (level: string): pino.LoggerOptions => ({
  level,
  redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  hooks: { streamWrite: maskUrlCredentials },
  base: undefined,
  mixin: requestLogFields,
});

export function createLogger(opts: { level: string; dataDir?: string; stdout?: boolean }): Logger {
  const streams: pino.StreamEntry[] = [];
  if (opts.stdout !== false) streams.push({ stream: process.stdout });
  if (opts.dataDir) {
    const file = logFilePath(opts.dataDir);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    streams.push({ stream: pino.destination({ dest: file, sync: true, mkdir: true }) });
  }
  return pino(logOptions(opts.level), pino.multistream(streams.length ? streams : [{ stream: process.stdout }]));
}
