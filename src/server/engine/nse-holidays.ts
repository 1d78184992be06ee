/**
 * NSE's trading holidays for the equity segment, weekdays only (a holiday on a Saturday or Sunday
 * changes nothing). Special sessions such as Muhurat trading on Diwali are not normal sessions:
 * their days are listed as closed.
 *
 * Source: NSE circulars "Trading holidays for the calendar year 2025" and "... 2026" (nseindia.com >
 * Resources > Exchange communication > Holidays; 2026 includes the later circular adding 15 January
 * for the Maharashtra municipal corporation elections). To extend: add the next year's list from
 * its circular, and move HOLIDAYS_KNOWN_THROUGH on.
 */
export interface Holiday {
  /** yyyy-MM-dd */
  day: string;
  name: string;
}

export const NSE_HOLIDAYS: Record<number, readonly Holiday[]> = {
  2025: [
    { day: '2025-02-26', name: 'Mahashivratri' },
    { day: '2025-03-14', name: 'Holi' },
    { day: '2025-03-31', name: 'Id-Ul-Fitr (Ramadan Eid)' },
    { day: '2025-04-10', name: 'Shri Mahavir Jayanti' },
    { day: '2025-04-14', name: 'Dr. Baba Saheb Ambedkar Jayanti' },
    { day: '2025-04-18', name: 'Good Friday' },
    { day: '2025-05-01', name: 'Maharashtra Day' },
    { day: '2025-08-15', name: 'Independence Day' },
    { day: '2025-08-27', name: 'Ganesh Chaturthi' },
    { day: '2025-10-02', name: 'Mahatma Gandhi Jayanti / Dussehra' },
    { day: '2025-10-21', name: 'Diwali Laxmi Pujan (Muhurat trading only)' },
    { day: '2025-10-22', name: 'Diwali-Balipratipada' },
    { day: '2025-11-05', name: 'Prakash Gurpurb Sri Guru Nanak Dev' },
    { day: '2025-12-25', name: 'Christmas' },
  ],
  2026: [
    { day: '2026-01-15', name: 'Municipal Corporation Elections - Maharashtra' },
    { day: '2026-01-26', name: 'Republic Day' },
    { day: '2026-03-03', name: 'Holi' },
    { day: '2026-03-26', name: 'Shri Ram Navami' },
    { day: '2026-03-31', name: 'Shri Mahavir Jayanti' },
    { day: '2026-04-03', name: 'Good Friday' },
    { day: '2026-04-14', name: 'Dr. Baba Saheb Ambedkar Jayanti' },
    { day: '2026-05-01', name: 'Maharashtra Day' },
    { day: '2026-05-28', name: 'Bakri Id' },
    { day: '2026-06-26', name: 'Muharram' },
    { day: '2026-09-14', name: 'Ganesh Chaturthi' },
    { day: '2026-10-02', name: 'Mahatma Gandhi Jayanti' },
    { day: '2026-10-20', name: 'Dussehra' },
    { day: '2026-11-10', name: 'Diwali-Balipratipada' },
    { day: '2026-11-24', name: 'Prakash Gurpurb Sri Guru Nanak Dev' },
    { day: '2026-12-25', name: 'Christmas' },
  ],
};

/** The last day the lists above cover: past it the calendar knows weekends only (the server warns at start-up). */
export const HOLIDAYS_KNOWN_THROUGH = '2026-12-31';
