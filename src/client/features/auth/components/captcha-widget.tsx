/**
 * The ALTCHA proof-of-work widget (loaded only with the login feature). Reports the solved payload,
 * clears it when the widget leaves the verified state, and clears and resets it CAPTCHA_EXPIRY_MS
 * after it was obtained. The parent resets it after every login attempt through `handleRef`.
 *
 * The element is defined once the page is on screen (its module imported from an effect): its
 * first render, a Svelte component of ~60 ms on a slow phone, is then a task of its own instead of
 * part of the login page's takeover (issue 14). Its box is kept meanwhile (captcha-widget.css).
 */
import type { AltchaWidgetElement } from 'altcha';
import type {} from 'altcha/types/react';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { CAPTCHA_EXPIRY_MS } from '../../../../shared/constants';
import './captcha-widget.css';

export interface CaptchaHandle {
  reset(): void;
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

export function CaptchaWidget({
  email,
  onToken,
  handleRef,
}: {
  email: string;
  onToken: (token: string | undefined) => void;
  handleRef: Ref<CaptchaHandle>;
}) {
  const widgetRef = useRef<AltchaWidgetElement>(null);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  });

  // reset() exists once the element is defined: before that there is nothing to reset.
  useImperativeHandle(handleRef, () => ({ reset: () => widgetRef.current?.reset?.() }), []);

  useEffect(() => {
    void import('altcha');
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
    };
    widget.addEventListener('statechange', onStateChange);
    return () => {
      clearTimeout(expiry);
      widget.removeEventListener('statechange', onStateChange);
    };
  }, []);

  return <altcha-widget ref={widgetRef} challenge={captchaChallengeUrl(email)} name="captcha" />;
}
