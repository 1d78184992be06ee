/**
 * The captcha: a placeholder until the visitor starts to log in; then the widget, whose token is
 * reported when solved, cleared when the widget leaves "verified", and 110 s after it was obtained.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CaptchaWidget, type CaptchaHandle } from '@client/features/auth/components/captcha-widget';

// The real widget solves proofs of work in workers; here the element only has to emit its events
// (and record a verify() call): the mocked module defines it as a plain element.
vi.mock('altcha', () => {
  class FakeWidget extends HTMLElement {
    reset = vi.fn();
    // Like the real one, verify() settles when the verification ends: here never (the test emits the states).
    verify = vi.fn(() => new Promise(() => {}));
    // The real element draws itself a microtask after it is attached, then says "load".
    connectedCallback() {
      queueMicrotask(() => this.dispatchEvent(new Event('load')));
    }
  }
  if (!customElements.get('altcha-widget')) customElements.define('altcha-widget', FakeWidget);
  return {};
});

type Widget = HTMLElement & { reset: ReturnType<typeof vi.fn>; verify: ReturnType<typeof vi.fn> };
/** The element the mocked module defined (typed by altcha as its real element). */
const widgetIn = (container: HTMLElement) => container.querySelector('altcha-widget') as unknown as Widget | null;

function renderWidget(email = '') {
  const onToken = vi.fn();
  const handle = createRef<CaptchaHandle>();
  const view = render(
    <form>
      <input aria-label="Email" />
      <CaptchaWidget email={email} onToken={onToken} handleRef={handle} />
    </form>,
  );
  return { onToken, handle, view };
}

/** Renders the widget and starts logging in (focuses the form's field): the widget loads. */
async function setup(email = '') {
  const { onToken, handle, view } = renderWidget(email);
  await act(async () => void fireEvent.focusIn(screen.getByRole('textbox', { name: 'Email' })));
  const widget = widgetIn(view.container)!;
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

  // First: once defined, the element stays defined for the rest of this file.
  it('is a placeholder until the visitor starts to log in; its checkbox loads the widget and starts verifying', async () => {
    const { view, handle } = renderWidget();
    expect(widgetIn(view.container)).toBeNull();
    expect(handle.current?.verifying()).toBeUndefined();
    fireEvent.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
    // From the tap on, with the widget's code still loading, a verification is under way.
    expect(handle.current?.verifying()).toBeInstanceOf(Promise);
    await act(async () => {});
    const widget = widgetIn(view.container)!;
    expect(widget.verify).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('checkbox', { name: "I'm not a robot" })).toBeNull();
    expect(handle.current?.verifying()).toBeInstanceOf(Promise);
  });

  it('says a verification is under way from the tap to its end, so a Sign In can wait for the token', async () => {
    const { handle, emit, onToken } = await setup();
    expect(handle.current?.verifying()).toBeUndefined();
    emit('verifying');
    const verifying = handle.current?.verifying();
    expect(verifying).toBeInstanceOf(Promise);
    let ended = false;
    void verifying?.then(() => (ended = true));
    await act(async () => {});
    expect(ended).toBe(false);
    emit('verified', 'payload-1');
    await act(async () => {});
    expect(ended).toBe(true);
    expect(onToken).toHaveBeenLastCalledWith('payload-1');
    expect(handle.current?.verifying()).toBeUndefined();
    // A verification that fails ends the wait too (the Sign In goes, and the server says why).
    emit('verifying');
    const failing = handle.current?.verifying();
    emit('error');
    await expect(failing).resolves.toBeUndefined();
  });

  it('asks /api/captcha for its challenge, naming the email typed (a guarded login gets its harder one)', async () => {
    expect((await setup()).widget.getAttribute('challenge')).toBe('/api/captcha');
    cleanup();
    expect((await setup(' A+b@Example.com ')).widget.getAttribute('challenge')).toBe(
      '/api/captcha?email=A%2Bb%40Example.com',
    );
  });

  it('reports the solved payload, and clears it when the widget is no longer verified', async () => {
    const { onToken, emit, widget } = await setup();
    expect(widget.verify).not.toHaveBeenCalled();
    emit('verifying');
    expect(onToken).toHaveBeenLastCalledWith(undefined);
    emit('verified', 'payload-1');
    expect(onToken).toHaveBeenLastCalledWith('payload-1');
    emit('expired');
    expect(onToken).toHaveBeenLastCalledWith(undefined);
  });

  it('clears the token and resets the widget 110 s after it was obtained', async () => {
    const { onToken, widget, emit } = await setup();
    emit('verified', 'payload-1');
    vi.advanceTimersByTime(109_999);
    expect(onToken).toHaveBeenLastCalledWith('payload-1');
    expect(widget.reset).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onToken).toHaveBeenLastCalledWith(undefined);
    expect(widget.reset).toHaveBeenCalledTimes(1);
  });

  it('a new solution restarts the 110 s', async () => {
    const { onToken, emit } = await setup();
    emit('verified', 'payload-1');
    vi.advanceTimersByTime(100_000);
    emit('verified', 'payload-2');
    vi.advanceTimersByTime(100_000);
    expect(onToken).toHaveBeenLastCalledWith('payload-2');
  });

  it('the parent resets it after an attempt', async () => {
    const { handle, widget } = await setup();
    handle.current?.reset();
    expect(widget.reset).toHaveBeenCalledTimes(1);
  });
});
