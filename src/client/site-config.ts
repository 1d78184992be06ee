/**
 * Brand and contact details shown by the header, footer, page titles and the public pages. The
 * social, e-mail, video and chat-group values are the business's public handles: change them here
 * only.
 */
import { COPYRIGHT_YEAR } from '@shared/constants';

export const SITE = {
  name: 'Trabot',
  tagline: 'Algorithmic trading research, membership and free education',
  blurb:
    'Trabot is a technical-analysis research firm that builds and trades automated algorithmic trading systems, and shares what it learns with traders through workshops and a membership programme.',
  /**
   * The public site's address: canonical links and share tags name it (absolute, as Open Graph
   * asks), also in the HTML the build prerenders, before any server knows its host.
   */
  origin: 'https://trabot.in',
  /** The description of a page without one of its own (the dashboard, the login page). */
  description:
    'Trabot builds and trades algorithmic trading systems, offers research and portfolio services, free workshops and a membership programme for traders in India.',
  email: 'contact@trabot.in',
  social: {
    microblog: { label: 'Trabot on X', url: 'https://x.com/trabot_in' },
    professional: { label: 'Trabot on LinkedIn', url: 'https://www.linkedin.com/company/trabot' },
  },
  /** The Free Education introduction video, embedded through youtube-nocookie.com (see the CSP). */
  introVideo: {
    title: 'Introduction to Trabot free education',
    youtubeId: 'trabotIntro',
    channelUrl: 'https://www.youtube.com/@trabot_in',
  },
  /** The free community chat group of the Free Education programme. */
  chatGroup: { label: 'Join the community chat on Telegram', url: 'https://t.me/trabot_in' },
  /** 1200x630 share image (rendered from public/images/share-image.svg by scripts/render-share-image.mjs). */
  shareImage: {
    path: '/images/share-image.png',
    width: 1200,
    height: 630,
    alt: 'Trabot: algorithmic trading research, free workshops and membership',
  },
  copyrightYear: COPYRIGHT_YEAR,
} as const;
