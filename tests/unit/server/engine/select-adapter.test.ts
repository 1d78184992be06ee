// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PaperBroker } from '../../../../src/server/engine/broker/paper-broker';
import { isPaperTrading, REAL_ADAPTERS, selectAdapter } from '../../../../src/server/engine/broker/select-adapter';
import { ADMIN_BROKERS } from '../../../../src/shared/constants';

const paper = new PaperBroker({ prices: { quote: () => undefined } });

describe('selectAdapter', () => {
  it('runs every broker on the paper broker for now, flagged paper_trading', () => {
    expect(REAL_ADAPTERS).toEqual({});
    for (const name of ADMIN_BROKERS) {
      expect(selectAdapter(name, paper)).toEqual({ adapter: paper, paper_trading: true });
      expect(isPaperTrading(name)).toBe(true);
    }
  });

  it('picks a real adapter registered under the broker name', () => {
    const zerodha = new PaperBroker({ prices: { quote: () => undefined } });
    const real = { zerodha };
    expect(selectAdapter('zerodha', paper, real)).toEqual({ adapter: zerodha, paper_trading: false });
    expect(selectAdapter('fyers', paper, real)).toEqual({ adapter: paper, paper_trading: true });
    // Names inherited from Object.prototype are not adapters.
    expect(selectAdapter('toString', paper, real)).toEqual({ adapter: paper, paper_trading: true });
  });
});
