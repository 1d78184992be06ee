/** Indian brokers end the day's API sessions early the next morning: Kite documents 06:00 IST. */
export function nextSixAmIst(now: Date): Date {
  const ist = new Date(now.getTime() + 330 * 60_000);
  const sixIst = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), 6, 0, 0) - 330 * 60_000;
  return new Date(sixIst > now.getTime() ? sixIst : sixIst + 86_400_000);
}
