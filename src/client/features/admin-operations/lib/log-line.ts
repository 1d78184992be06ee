/**
 * One line of the server's log (pino JSON) read for people: the time in India, the
 * level by name, the message and the other fields; a line that is not JSON is its own message.
 */
import { formatInIst } from '@shared/ist';

export const LOG_LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' } as const;
export type LogLevel = (typeof LOG_LEVELS)[keyof typeof LOG_LEVELS];

export interface LogLine {
  /** Its place in the answer, oldest first: lines may repeat word for word. */
  index: number;
  raw: string;
  /** "25/11/2026 14:05:03.123", in India (IST); null when the line has no time. */
  time: string | null;
  level: LogLevel | null;
  message: string;
  /** The other fields, objects as JSON. */
  fields: [string, string][];
}

/** Epoch milliseconds as "dd/MM/yyyy HH:mm:ss.SSS" in India, whatever the browser's zone. */
export const formatIstMillis = (ms: number): string => formatInIst(ms, 'dd/MM/yyyy HH:mm:ss.SSS');

/** A line's level, whatever it holds, read as a key of LOG_LEVELS: one it does not name has no level. */
const LEVEL_BY_KEY: Readonly<Partial<Record<string, LogLevel>>> = LOG_LEVELS;

const fieldText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export function readLogLine(raw: string, index: number): LogLine {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { index, raw, time: null, level: null, message: raw, fields: [] };
  const { level, time, msg, ...rest } = parsed as Record<string, unknown>;
  return {
    index,
    raw,
    time: typeof time === 'number' && Number.isFinite(time) ? formatIstMillis(time) : null,
    level: LEVEL_BY_KEY[String(level)] ?? null,
    message: typeof msg === 'string' ? msg : '',
    fields: Object.entries(rest).map(([key, value]) => [key, fieldText(value)]),
  };
}
