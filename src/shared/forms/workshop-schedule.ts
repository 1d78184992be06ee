/**
 * How a workshop is named in a registration ("title plus date", or N.A.) and when it counts as
 * completed. The client builds the label it sends; the server matches it against stored workshops.
 */
import { format, parseISO } from 'date-fns';
import { fromIstParts } from '../ist';

export const WORKSHOP_NOT_APPLICABLE = 'N.A.';
export const DEFAULT_WORKSHOP_TIME_LABEL = '10:00AM IST';
export const WORKSHOP_LEVELS = ['Beginner', 'Intermediate'] as const;
export type WorkshopLevel = (typeof WORKSHOP_LEVELS)[number];

interface WorkshopWhen {
  title: string;
  /** yyyy-MM-dd */
  workshop_date: string;
  time_label?: string;
}

/** "Title (9 March 2025)": the payload's `workshop` value. */
export function workshopLabel(workshop: WorkshopWhen): string {
  return `${workshop.title} (${format(parseISO(workshop.workshop_date), 'd MMMM yyyy')})`;
}

export const WORKSHOP_TIME_LABEL_PATTERN = /^(\d{1,2}):(\d{2})\s*(AM|PM)\s*IST$/i;

/** The start of the workshop as an instant; a time label we cannot read counts as midnight IST. */
export function workshopStartsAt(workshop: Omit<WorkshopWhen, 'title'>): Date {
  const [year, month, day] = workshop.workshop_date.split('-').map(Number) as [number, number, number];
  const match = WORKSHOP_TIME_LABEL_PATTERN.exec(workshop.time_label ?? DEFAULT_WORKSHOP_TIME_LABEL);
  let minutes = 0;
  if (match) {
    const hours12 = Number(match[1]) % 12;
    minutes = (hours12 + (match[3]!.toUpperCase() === 'PM' ? 12 : 0)) * 60 + Number(match[2]);
  }
  return fromIstParts({ year, month, day, minute: minutes });
}

/** Spec section 4: a workshop whose date is earlier than now is Completed (no registration). */
export function isWorkshopCompleted(workshop: WorkshopWhen, now: Date = new Date()): boolean {
  return workshopStartsAt(workshop).getTime() <= now.getTime();
}
