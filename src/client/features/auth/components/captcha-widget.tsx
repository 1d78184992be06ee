/**
 * The ALTCHA proof-of-work widget (loaded only with the login feature). Reports the solved payload,
 * clears it when the widget leaves the verified state, and clears and resets it CAPTCHA_EXPIRY_MS
 * after it was obtained. The parent resets it after every login attempt through `handleRef`.
 *
 * The widget's code (a Svelte component of 110 KB whose first render takes ~40 ms on a phone) loads
 * when the visitor starts to log in: the form's first focus, or a tap on the placeholder's
 * checkbox, which then starts the verification at once. Until then a placeholder drawn like the
 * widget stands in its place, so a page that is only looked at never pays for it (the
 * login page's Total Blocking Time).
 *
 * `verifying()` tells the form a verification is under way (or asked for by a tap on the placeholder,
 * the widget's code still loading): a Sign In tapped meanwhile waits for its token instead of going
 * without one (docs/decisions/2026-11-27-sign-in-waits-for-captcha.md).
 */
import type { AltchaWidgetElement } from 'altcha';
import type {} from 'altcha/types/react';
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { CAPTCHA_EXPIRY_MS } from '@shared/constants';
import './captcha-widget.css';

export interface CaptchaHandle {
  reset(): void;
  /** Settles when the verification under way ends (verified or not); undefined when none is. */
  verifying(): Promise<void> | undefined;
}

interface StateChangeDetail {
  state: string;
  payload?: string | null;
}

/**
 * The challenge URL names the email typed so far: a login email under attack gets a harder challenge
 * issued for it (the server refuses an ordinary one for that email).
 */
export function captchaChallengeUrl(email: string): string {
  const typed = email.trim();
  return typed ? `/api/captcha?email=${encodeURIComponent(typed)}` : '/api/captcha';
}

const WIDGET_TAG = 'altcha-widget';

/**
 * The element's methods are its (Svelte) component's: undefined until the component has mounted,
 * which the element does a microtask after it is attached (altcha's types have them always there).
 */
type MountingWidget = Partial<Pick<AltchaWidgetElement, 'reset'>>;

export function CaptchaWidget({
  email,
  onToken,
  handleRef,
}: {
  email: string;
  onToken: (token: string | undefined) => void;
  handleRef: Ref<CaptchaHandle>;
}) {
  const [defined, setDefined] = useState(() => customElements.get(WIDGET_TAG) !== undefined);
  const verifyOnLoad = useRef(false);
  const placeholderRef = useRef<HTMLDivElement>(null);
  const widgetRef = useRef<AltchaWidgetElement>(null);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  });

  // From the tap (on the placeholder or the widget) to the end of its verification.
  const verification = useRef<{ ended: Promise<void>; end: () => void }>(undefined);
  const startVerifying = useCallback(() => {
    if (verification.current) return;
    let end = () => {};
    const ended = new Promise<void>((resolve) => (end = resolve));
    verification.current = { ended, end };
  }, []);
  const stopVerifying = useCallback(() => {
    verification.current?.end();
    verification.current = undefined;
  }, []);

  const load = useCallback(
    (verify: boolean) => {
      verifyOnLoad.current ||= verify;
      if (verify) startVerifying();
      void import('altcha').then(
        () => setDefined(true),
        (error: unknown) => {
          stopVerifying();
          throw error;
        },
      );
    },
    [startVerifying, stopVerifying],
  );

  // A visitor who starts to log in (focuses a field of the form) gets the widget.
  useEffect(() => {
    if (defined) return;
    const form = placeholderRef.current?.closest('form');
    const onFocus = () => load(false);
    form?.addEventListener('focusin', onFocus);
    return () => form?.removeEventListener('focusin', onFocus);
  }, [defined, load]);

  // reset() exists once the widget's component has mounted (a microtask after the element is
  // attached): before that there is nothing to reset.
  useImperativeHandle(
    handleRef,
    () => ({
      reset: () => (widgetRef.current as MountingWidget | null)?.reset?.(),
      verifying: () => verification.current?.ended,
    }),
    [],
  );

  // A tap on the placeholder starts the verification once the widget has drawn itself and says so
  // ("load", a microtask after it is attached): listened for as it is attached, so it is not missed.
  useLayoutEffect(() => {
    const widget = widgetRef.current;
    if (!widget || !verifyOnLoad.current) return;
    const onLoad = () => {
      verifyOnLoad.current = false;
      // verify() settles after its last statechange, which ends the wait already: this is for a
      // verification that ended before the statechange listener below was attached.
      void widget.verify().finally(stopVerifying);
    };
    widget.addEventListener('load', onLoad, { once: true });
    return () => widget.removeEventListener('load', onLoad);
  }, [defined, stopVerifying]);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget) return;
    let expiry: ReturnType<typeof setTimeout> | undefined;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail;
      clearTimeout(expiry);
      if (state === 'verified' && payload) {
        onTokenRef.current(payload);
        expiry = setTimeout(() => {
          onTokenRef.current(undefined);
          widget.reset();
        }, CAPTCHA_EXPIRY_MS);
      } else {
        onTokenRef.current(undefined);
      }
      // After the token is the form's: a Sign In waiting on verifying() reads it.
      if (state === 'verifying') startVerifying();
      else stopVerifying();
    };
    widget.addEventListener('statechange', onStateChange);
    return () => {
      clearTimeout(expiry);
      widget.removeEventListener('statechange', onStateChange);
    };
  }, [defined, startVerifying, stopVerifying]);

  if (!defined) {
    // Drawn like the widget unverified; its checkbox loads the widget and starts it.
    return (
      <div ref={placeholderRef} className="captcha-placeholder">
        <label>
          <input type="checkbox" onChange={() => load(true)} />
          <span>I&apos;m not a robot</span>
        </label>
        <span className="captcha-placeholder-footer">Protected by ALTCHA</span>
      </div>
    );
  }
  return <altcha-widget ref={widgetRef} challenge={captchaChallengeUrl(email)} name="captcha" />;
}
