import { nextIstTime } from '@shared/ist';

/** Indian brokers end the day's API sessions early the next morning: Kite documents 06:00 IST. */
export const nextSixAmIst = (now: Date): Date => nextIstTime(now, '06:00');
