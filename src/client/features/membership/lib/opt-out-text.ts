/**
 * The texts of opting out in the app, where the spec has only the policy ("Opting out before the
 * 25th of a month requires no payment for that month"): docs/decisions/2026-12-07-opting-out-in-the-app.md.
 */
export const OPT_OUT_TEXT = {
  button: 'Opt out',
  offer: (deadline: string) => `Opting out before ${deadline} costs nothing for this month.`,
  title: 'Opt out of the membership?',
  noFee: (month: string) => `No fee is due for ${month}: you pay nothing more.`,
  paid: (month: string) => `${month} is paid already; fees are non-refundable.`,
  ends: 'Your membership ends today, and your algo subscriptions stop: no new trades are opened for your accounts; trades already running keep their exits.',
  confirm: 'Opt out',
  keep: 'Keep my membership',
  done: 'You have opted out: your membership has ended',
  failed: 'Could not opt out; try again in a minute',
  after: 'Your membership has ended and your algo subscriptions are paused. To rejoin, write to us.',
} as const;
