/** The captcha token: reported when solved, cleared when the widget leaves "verified", and 110 s after it was obtained. */
import { act, cleanup, render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CaptchaWidget, type CaptchaHandle } from '../../../src/client/features/auth/components/captcha-widget';

// The real widget solves proofs of work in workers; here the element only has to emit its events.
vi.mock('altcha', () => ({}));

type Widget = HTMLElement & { reset: () => void };

function setup(email = '') {
  const onToken = vi.fn();
  const handle = createRef<CaptchaHandle>();
  const { container } = render(<CaptchaWidget email={email} onToken={onToken} handleRef={handle} />);
  const widget = container.querySelector('altcha-widget') as Widget;
  widget.reset = vi.fn();
  const emit = (state: string, payload?: string) =>
    act(() => void widget.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } })));
  return { onToken, handle, widget, emit };
}

describe('CaptchaWidget', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('asks /api/captcha for its challenge, naming the email typed (a guarded login gets its harder one)', () => {
    expect(setup().widget.getAttribute('challenge')).toBe('/api/captcha');
    cleanup();
    expect(setup(' A+b@Example.com ').widget.getAttribute('challenge')).toBe('/api/captcha?email=A%2Bb%40Example.com');
  });

  it('reports the solved payload, and clears it when the widget is no longer verified', () => {
    const { onToken, emit } = setup();
    emit('verifying');
    expect(onToken).toHaveBeenLastCalledWith(undefined);
    emit('verified', 'payload-1');
    expect(onToken).toHaveBeenLastCalledWith('payload-1');
    emit('expired');
    expect(onToken).toHaveBeenLastCalledWith(undefined);
  });

  it('clears the token and resets the widget 110 s after it was obtained', () => {
    const { onToken, widget, emit } = setup();
    emit('verified', 'payload-1');
    vi.advanceTimersByTime(109_999);
    expect(onToken).toHaveBeenLastCalledWith('payload-1');
    expect(widget.reset).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onToken).toHaveBeenLastCalledWith(undefined);
    expect(widget.reset).toHaveBeenCalledTimes(1);
  });

  it('a new solution restarts the 110 s', () => {
    const { onToken, emit } = setup();
    emit('verified', 'payload-1');
    vi.advanceTimersByTime(100_000);
    emit('verified', 'payload-2');
    vi.advanceTimersByTime(100_000);
    expect(onToken).toHaveBeenLastCalledWith('payload-2');
  });

  it('the parent resets it after an attempt', () => {
    const { handle, widget } = setup();
    handle.current?.reset();
    expect(widget.reset).toHaveBeenCalledTimes(1);
  });
});
