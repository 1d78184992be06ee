/**
 * Scrolls the home page to one of its sections: smoothly, or at once when the visitor prefers
 * reduced motion. The section then takes the focus (without a second scroll), so keyboard and
 * screen-reader users continue from there.
 */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function scrollToSection(id: string): void {
  const section = document.getElementById(id);
  if (!section) return;
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
}
