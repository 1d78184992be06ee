import { describe, expect, it } from 'vitest';
import { isWorkshopCompleted, workshopLabel, workshopStartsAt } from '@shared/forms/workshop-schedule';

const workshop = { title: 'Price Action Basics', workshop_date: '2025-03-09', time_label: '10:00AM IST' };

describe('workshop schedule', () => {
  it('labels a workshop with its title and date', () => {
    expect(workshopLabel(workshop)).toBe('Price Action Basics (9 March 2025)');
  });

  it('starts at the time of its label, in IST', () => {
    expect(workshopStartsAt(workshop).toISOString()).toBe('2025-03-09T04:30:00.000Z');
    expect(workshopStartsAt({ ...workshop, time_label: '6:30 PM IST' }).toISOString()).toBe('2025-03-09T13:00:00.000Z');
    expect(workshopStartsAt({ ...workshop, time_label: '12:15AM IST' }).toISOString()).toBe('2025-03-08T18:45:00.000Z');
    expect(workshopStartsAt({ ...workshop, time_label: 'morning' }).toISOString()).toBe('2025-03-08T18:30:00.000Z');
  });

  it('is completed once it has started, not before', () => {
    expect(isWorkshopCompleted(workshop, new Date('2025-03-09T04:29:59Z'))).toBe(false);
    expect(isWorkshopCompleted(workshop, new Date('2025-03-09T04:30:00Z'))).toBe(true);
    expect(isWorkshopCompleted(workshop, new Date('2026-01-01T00:00:00Z'))).toBe(true);
    expect(isWorkshopCompleted({ ...workshop, workshop_date: '2999-01-01' })).toBe(false);
  });
});
