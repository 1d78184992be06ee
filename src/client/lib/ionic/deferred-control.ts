/**
 * An Ionic control whose code loads only when it is needed: on its first render, or earlier on the
 * visitor's first interaction with the page (a select or text area usually appears after one, and
 * is then ready). IonSelect (with its popover, alert and action-sheet overlays) and IonTextarea are
 * most of Ionic's weight, and pages such as /login import the shared form fields without showing
 * either. A first render before the code is there suspends once, like any lazy component.
 */
import { lazy, type ComponentType } from 'react';

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the caller casts to the control's own type
type AnyComponent = ComponentType<any>;

export function deferredControl(load: () => Promise<AnyComponent>): AnyComponent {
  let loaded: AnyComponent | undefined;
  let loading: Promise<AnyComponent> | undefined;
  const start = () => {
    loading ??= load().then((component) => (loaded = component));
    return loading;
  };

  const onInteraction = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, true);
    void start();
  };
  for (const type of INTERACTIONS) window.addEventListener(type, onInteraction, { capture: true, passive: true });

  return lazy(() => {
    // Already loaded: a thenable that resolves synchronously, so React renders it without suspending.
    if (loaded) {
      const component = loaded;
      return {
        then: (resolve: (module: { default: AnyComponent }) => void) => resolve({ default: component }),
      } as Promise<{ default: AnyComponent }>;
    }
    return start().then((component) => ({ default: component }));
  });
}
