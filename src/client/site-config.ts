/**
 * Brand and contact details shown by the header, footer and page titles. The social and e-mail
 * values are the business's public handles: change them here only.
 */
import { COPYRIGHT_YEAR } from '../shared/constants';

export const SITE = {
  name: 'Trabot',
  tagline: 'Algorithmic trading research, membership and free education',
  blurb:
    'Trabot is a technical-analysis research firm that builds and trades automated algorithmic trading systems, and shares what it learns with traders through workshops and a membership programme.',
  email: 'contact@trabot.in',
  social: {
    microblog: { label: 'Trabot on X', url: 'https://x.com/trabot_in' },
    professional: { label: 'Trabot on LinkedIn', url: 'https://www.linkedin.com/company/trabot' },
  },
  copyrightYear: COPYRIGHT_YEAR,
} as const;
