/** Links of the header and footer (spec section 2): sections of the home page and the public pages. */
export type HomeSection = 'services' | 'mission' | 'membership' | 'freelearning' | 'aboutus';

export interface SectionLink {
  label: string;
  /** Home-page anchor; undefined for the top of the home page. */
  hash?: HomeSection;
}

export const HEADER_SECTION_LINKS: readonly SectionLink[] = [
  { label: 'Home' },
  { label: 'Our Services', hash: 'services' },
  { label: 'Our Mission', hash: 'mission' },
  { label: 'Membership', hash: 'membership' },
  { label: 'Free Education', hash: 'freelearning' },
  { label: 'About Us', hash: 'aboutus' },
];

export const FOOTER_QUICK_LINKS: readonly SectionLink[] = [
  { label: 'Home' },
  { label: 'Our Services', hash: 'services' },
  { label: 'About Us', hash: 'aboutus' },
  { label: 'Our Mission', hash: 'mission' },
  { label: 'Free Learning', hash: 'freelearning' },
  { label: 'Membership', hash: 'membership' },
];

/** Header mode (spec section 4): the dashboard links show on dashboard paths when a session exists. */
export function isDashboardPath(pathname: string): boolean {
  return pathname.includes('/dashboard');
}
