/**
 * Which side of the entry each level of a trade belongs on: for a long, stop-loss < entry < target;
 * for a short, target < entry < stop-loss. One rule for the admin forms, the API and the engine.
 */
export type SideErrors = Partial<Record<'stop_loss_level' | 'target_level', string>>;

export function levelSideErrors(direction: string, entry: number, stopLoss: number, target: number): SideErrors {
  if (![entry, stopLoss, target].every(Number.isFinite)) return {};
  const long = direction !== 'short';
  const errors: SideErrors = {};
  if (long ? !(stopLoss < entry) : !(stopLoss > entry)) {
    errors.stop_loss_level = `For a ${long ? 'long' : 'short'} trade the stop-loss must be ${long ? 'below' : 'above'} the entry`;
  }
  if (long ? !(target > entry) : !(target < entry)) {
    errors.target_level = `For a ${long ? 'long' : 'short'} trade the target must be ${long ? 'above' : 'below'} the entry`;
  }
  return errors;
}
