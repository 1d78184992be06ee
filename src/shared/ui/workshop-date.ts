import { format, parseISO } from 'date-fns';

/** "Sun, 9 Mar 2025" from the stored yyyy-MM-dd. */
export const formatWorkshopDate = (isoDate: string): string => format(parseISO(isoDate), 'EEE, d MMM yyyy');
