/** The words of an algo's On/Off switch: its confirmation and its toast. */

export const switchPosition = (on: boolean) => (on ? 'On' : 'Off');

/** What switching to `on` does, in a sentence's second half. */
export const switchEffect = (on: boolean) =>
  on ? 'its approved signals are traded again' : 'no new trades from its signals';
