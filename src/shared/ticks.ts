/** NSE's tick size for equities: prices move in steps of 0.05. Worked in paise so binary floating point never decides. */
export const NSE_TICK = 0.05;

const paise = (rupees: number) => Math.round(rupees * 100);

export function isOnTick(price: number, tick = NSE_TICK): boolean {
  if (!Number.isFinite(price) || Math.abs(price * 100 - paise(price)) > 1e-6) return false; // not whole paise
  return paise(price) % paise(tick) === 0;
}

/** The price on the tick: `up` and `down` for a trader's disfavour (a buy up, a sell down), `nearest` for a quote. */
export function roundToTick(price: number, direction: 'up' | 'down' | 'nearest', tick = NSE_TICK): number {
  const step = paise(tick);
  const value = Math.round(price * 10_000) / 100; // paise, binary noise removed
  const round = {
    up: (x: number) => Math.ceil(x - 1e-9),
    down: (x: number) => Math.floor(x + 1e-9),
    nearest: Math.round,
  }[direction];
  return (round(value / step) * step) / 100;
}
