/**
 * The four listed workshops (spec section 9), the same titles the server stores. The public-forms
 * issue replaces this list with GET /api/workshops and adds the registration form.
 */
import type { WorkshopLevel } from '../../../shared/forms/workshop-schedule';

export interface Workshop {
  title: string;
  /** yyyy-MM-dd; every workshop starts at 10:00 AM IST */
  workshop_date: string;
  level: WorkshopLevel;
}

export const WORKSHOPS: readonly Workshop[] = [
  { title: 'Building Your First Algorithmic Strategy for NSE Stocks', workshop_date: '2025-03-09', level: 'Intermediate' },
  { title: 'Risk Management and Position Sizing for Systematic Traders', workshop_date: '2025-02-09', level: 'Intermediate' },
  { title: 'Trends, Support and Resistance on Indian Market Charts', workshop_date: '2025-01-05', level: 'Beginner' },
  {
    title: 'Technical Analysis Foundations: Candlesticks, Volume and Moving Averages',
    workshop_date: '2024-12-08',
    level: 'Beginner',
  },
];
