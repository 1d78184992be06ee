import type { RefCallBack } from 'react-hook-form';

interface Focusable extends Element {
  componentOnReady?: () => Promise<unknown>;
  setFocus?: () => Promise<void>;
}

/**
 * react-hook-form focuses the first invalid field through its ref's focus(). An Ionic control takes
 * the focus through setFocus() once rendered; a select, which has none, through the button in its
 * shadow root.
 */
export function focusOnError(ref: RefCallBack, centerOnFocus = false) {
  return (el: Focusable | null) =>
    ref(
      el
        ? {
            focus: () => {
              if (centerOnFocus) el.scrollIntoView({ block: 'center' });
              void (el.componentOnReady?.() ?? Promise.resolve()).then(() =>
                el.setFocus ? el.setFocus() : el.shadowRoot?.querySelector('button')?.focus(),
              );
            },
          }
        : null,
    );
}
