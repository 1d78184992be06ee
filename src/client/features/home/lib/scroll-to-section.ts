/**
 * Scrolls the home page to one of its sections: smoothly, or at once when the visitor prefers
 * reduced motion. The section then takes the focus (without a second scroll), so keyboard and
 * screen-reader users continue from there.
 */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Set on the home page once a section has been scrolled to: every section is then drawn (home-page.css). */
const SECTIONS_DRAWN_ATTR = 'data-sections-drawn';

export function scrollToSection(id: string): void {
  const section = document.getElementById(id);
  if (!section) return;
  // Sections off screen are not laid out until they near it (home-page.css): all are drawn before
  // the first scroll to one, which would otherwise aim at the estimated heights of those above it.
  section.closest('.home-page')?.setAttribute(SECTIONS_DRAWN_ATTR, '');
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
}
