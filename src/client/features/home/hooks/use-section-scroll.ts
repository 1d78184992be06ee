/**
 * Brings the section named by the URL's anchor into view: when the home page opens with one (a
 * deep link, or a header link from another page), and on every later anchor navigation on the page,
 * including a second click on the link of the anchor already in the URL.
 */
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { whenLivePageShown } from '@client/features/layout';
import { scrollToSection } from '../lib/scroll-to-section';

export function useSectionScroll(): void {
  const router = useRouter();
  useEffect(() => {
    const initial = router.state.location.hash;
    let frame = 0;
    let active = true;
    // The live page, not the prerendered copy still shown in its place (which scrolls towards the
    // section by itself, see app-layout.css); Ionic's controls above the section render in the next
    // frames and change its position: wait for them.
    void whenLivePageShown().then(() => {
      if (!active || !initial) return;
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => scrollToSection(initial));
      });
    });
    const unsubscribe = router.subscribe('onResolved', (event) => {
      // A change of page mounts the page again, and the lines above take care of it.
      if (!event.pathChanged && event.toLocation.hash) scrollToSection(event.toLocation.hash);
    });
    return () => {
      active = false;
      cancelAnimationFrame(frame);
      unsubscribe();
    };
  }, [router]);
}
