// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseEnv } from '@server/config/env';
import { DEFAULT_BATCH_SIZE, engineSettings } from '@server/engine/start';

const envOf = (vars: Record<string, string> = {}) => parseEnv({ NODE_ENV: 'test', ...vars });

describe('engineSettings: the fan-out batch per database', () => {
  it('unset: 100 accounts a batch on PGlite, 500 on PostgreSQL', () => {
    expect(DEFAULT_BATCH_SIZE).toEqual({ pglite: 100, postgres: 500 });
    expect(engineSettings(envOf(), 'pglite').batchSize).toBe(100);
    expect(engineSettings(envOf(), 'postgres').batchSize).toBe(500);
  });

  it('ENGINE_BATCH_SIZE, when set, wins on both databases', () => {
    expect(engineSettings(envOf({ ENGINE_BATCH_SIZE: '20' }), 'pglite').batchSize).toBe(20);
    expect(engineSettings(envOf({ ENGINE_BATCH_SIZE: '800' }), 'postgres').batchSize).toBe(800);
  });

  it('out of range is refused by name', () => {
    expect(() => envOf({ ENGINE_BATCH_SIZE: '0' })).toThrow(/ENGINE_BATCH_SIZE/);
    expect(() => envOf({ ENGINE_BATCH_SIZE: '2001' })).toThrow(/ENGINE_BATCH_SIZE/);
  });

  it('the other settings come from the environment unchanged', () => {
    const settings = engineSettings(
      envOf({
        ENGINE_BROKER_CONCURRENCY: '8',
        ENGINE_MAX_QUOTE_AGE_SECONDS: '5',
        ENGINE_MAX_DRIFT_PERCENT: '2',
        EXIT_CHASE_AFTER_MS: '15000',
        EXIT_CHASE_TIMES: '2',
        LIVE_PRICE_MAX_AGE_MS: '45000',
        LIVE_PRICE_POLL_MS: '3000',
      }),
      'pglite',
    );
    expect(settings).toEqual({
      batchSize: 100,
      brokerConcurrency: 8,
      maxQuoteAgeMs: 5000,
      maxEntryDriftPercent: 2,
      exitChaseAfterMs: 15_000,
      exitChaseTimes: 2,
      livePriceMaxAgeMs: 45_000,
      livePricePollMs: 3_000,
    });
  });

  it('the exit chase defaults to 10 s and 3 times, and refuses what is out of range by name', () => {
    expect(engineSettings(envOf({}), 'pglite')).toMatchObject({ exitChaseAfterMs: 10_000, exitChaseTimes: 3 });
    expect(() => envOf({ EXIT_CHASE_AFTER_MS: '500' })).toThrow(/EXIT_CHASE_AFTER_MS/);
    expect(() => envOf({ EXIT_CHASE_TIMES: '-1' })).toThrow(/EXIT_CHASE_TIMES/);
  });

  it('live prices: 30 s to go stale and a poll every 5 s by default; bounds named', () => {
    expect(engineSettings(envOf(), 'pglite')).toMatchObject({ livePriceMaxAgeMs: 30_000, livePricePollMs: 5_000 });
    expect(() => envOf({ LIVE_PRICE_MAX_AGE_MS: '999' })).toThrow(/LIVE_PRICE_MAX_AGE_MS/);
    expect(() => envOf({ LIVE_PRICE_POLL_MS: 'soon' })).toThrow(/LIVE_PRICE_POLL_MS/);
  });
});
