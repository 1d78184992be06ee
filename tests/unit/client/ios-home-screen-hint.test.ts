/** The iOS Home Screen hint's "Got it": the hint goes even when remembering the dismissal throws. */
import { afterEach, expect, it } from 'vitest';
import { showIosHomeScreenHint } from '@client/features/pwa/components/ios-home-screen-hint';

const uncaught: unknown[] = [];
const keep = (event: ErrorEvent) => {
  event.preventDefault();
  uncaught.push(event.error);
};

afterEach(() => {
  window.removeEventListener('error', keep);
  document.querySelectorAll('.ios-home-screen-hint').forEach((hint) => hint.remove());
});

it('removes the hint even when storing the dismissal throws (storage full)', () => {
  const full = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  showIosHomeScreenHint(() => {
    throw full;
  });
  const hint = document.querySelector('aside.ios-home-screen-hint')!;
  expect(hint.textContent).toContain('Add Trabot to your Home Screen');
  window.addEventListener('error', keep);
  hint.querySelector('button')!.click();
  expect(uncaught).toEqual([full]);
  expect(document.querySelector('aside.ios-home-screen-hint')).toBeNull();
});
