/**
 * Scrolls the home page to one of its sections: smoothly, or at once when the visitor prefers
 * reduced motion. The page scrolls inside Ionic's IonContent, whose scroll container exists only
 * once Ionic has rendered it, so that is awaited first. The section then takes the focus (without a
 * second scroll), so keyboard and screen-reader users continue from there.
 */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

interface ReadyElement extends Element {
  componentOnReady?: () => Promise<unknown>;
}

export async function scrollToSection(id: string): Promise<void> {
  const section = document.getElementById(id);
  if (!section) return;
  const content = section.closest<ReadyElement>('ion-content');
  await content?.componentOnReady?.();
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
}
