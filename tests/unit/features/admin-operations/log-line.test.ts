import { describe, expect, it } from 'vitest';
import { formatIstMillis, readLogLine } from '@client/features/admin-operations/lib/log-line';

describe('readLogLine', () => {
  it('reads a pino line: time in India, level by name, message, the other fields in order', () => {
    const time = Date.UTC(2026, 10, 25, 9, 0, 1, 250);
    const raw = `{"level":40,"time":${time},"method":"POST","path":"/api/login","status":429,"ms":1.5,"detail":{"a":1},"msg":"request"}`;
    expect(readLogLine(raw, 3)).toEqual({
      index: 3,
      raw,
      time: '25/11/2026 14:30:01.250',
      level: 'warn',
      message: 'request',
      fields: [
        ['method', 'POST'],
        ['path', '/api/login'],
        ['status', '429'],
        ['ms', '1.5'],
        ['detail', '{"a":1}'],
      ],
    });
  });

  it('shows India time whatever the hour in UTC: 18:30 UTC is midnight of the next day', () => {
    expect(formatIstMillis(Date.UTC(2026, 2, 31, 18, 30, 0, 5))).toBe('01/04/2026 00:00:00.005');
    expect(formatIstMillis(Date.UTC(2026, 10, 25, 9, 0))).toBe('25/11/2026 14:30:00.000');
  });

  it('keeps a line that is not a JSON object as its message', () => {
    for (const raw of ['plain text', '[1,2]', '42', '{"level":"x"']) {
      expect(readLogLine(raw, 0)).toEqual({ index: 0, raw, time: null, level: null, message: raw, fields: [] });
    }
    expect(readLogLine('{"level":35,"msg":5}', 0)).toMatchObject({ level: null, message: '', time: null });
  });
});
