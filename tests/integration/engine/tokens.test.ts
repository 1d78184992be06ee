/**
 * The engine's entries in Tokens: the feed's state and last tick in full, and one paper broker
 * session token per traded account, masked, kept while it is current and renewed once expired.
 */
import { describe, expect, it } from 'vitest';
import { PaperBroker } from '@server/engine/paper-broker';
import { Engine } from '@server/engine/engine';
import { SimulatedFeed } from '@server/engine/feed/simulated-feed';
import { getToken, tokenDisplay } from '@server/records/tokens';
import { engineScenario } from './scenario';

const { t, at, SEED, newEngine, subscriber, newAlgo, newSignal } = engineScenario();

describe('engine: tokens', () => {
  it('writes the feed state and a session token per account with a valid key', async () => {
    const { engine } = newEngine();
    const algoId = await newAlgo();
    const traded = await subscriber(algoId, {});
    const noKey = await subscriber(algoId, {}, null);
    await newSignal(algoId, { instrument_symbol: 'TITAN' });
    await engine.tick(at(1));

    const display = await tokenDisplay(t.deps, at(1));
    expect(display).toMatchObject({ 'feed.simulated.seed': String(SEED), 'feed.last_tick': at(1).toISOString() });
    expect(display['feed.simulated.symbols']).toContain('TITAN');
    // T0 is 09:30 IST on 05/01/2026: the session lasts until 06:00 IST the next morning.
    expect(display[`paper.session_token (account ${traded})`]).toMatch(
      /^pa•+[0-9a-f]{4} \(expires 06\/01\/2026 06:00 IST\)$/,
    );
    expect(display[`paper.session_token (account ${noKey})`]).toBeUndefined();
    const session = await getToken(t.deps, 'paper.session_token', traded, at(1));
    expect(session!.value).toMatch(/^paper-session-[0-9a-f]{32}$/);
    expect(session!.expires_at).toEqual(new Date('2026-01-06T00:30:00Z'));
    expect(t.logLines.some((l) => l.includes(session!.value))).toBe(false);

    await engine.tick(at(2));
    expect((await tokenDisplay(t.deps, at(2)))['feed.last_tick']).toBe(at(2).toISOString());
    // Another signal checks the key again: the current session is kept.
    await newSignal(algoId, { instrument_symbol: 'TITAN' });
    await engine.tick(at(3));
    expect((await getToken(t.deps, 'paper.session_token', traded, at(3)))!.value).toBe(session!.value);
  });

  it('opens a new session once the last one has expired', async () => {
    let clock = at(1);
    const feed = new SimulatedFeed({ seed: SEED });
    const engine = new Engine(t.deps, { feed, paper: new PaperBroker({ prices: feed, now: () => clock }) });
    const algoId = await newAlgo();
    const account = await subscriber(algoId, {});
    await newSignal(algoId, { instrument_symbol: 'NESTLEIND' });
    await engine.tick(clock);
    const first = await getToken(t.deps, 'paper.session_token', account, clock);
    const nextDay = new Date('2026-01-06T04:00:00Z');
    clock = nextDay;
    expect(await getToken(t.deps, 'paper.session_token', account, nextDay)).toBeNull();
    await newSignal(algoId, { instrument_symbol: 'NESTLEIND' });
    await engine.tick(nextDay);
    const second = await getToken(t.deps, 'paper.session_token', account, nextDay);
    expect(second!.value).not.toBe(first!.value);
    expect(second!.expires_at).toEqual(new Date('2026-01-07T00:30:00Z'));
  });
});
