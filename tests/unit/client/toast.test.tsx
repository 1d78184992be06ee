import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@client/components/toaster';
import { getToasts, toast } from '@client/lib/toast';

function clearToasts() {
  for (const t of getToasts()) toast.dismiss(t.id);
}

describe('toast store (spec section 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clearToasts();
  });
  afterEach(() => {
    clearToasts();
    vi.useRealTimers();
  });

  it('success lasts 2 s, error and blank 4 s', () => {
    toast.success('saved');
    toast.error('failed');
    toast.blank('note');
    vi.advanceTimersByTime(1999);
    expect(getToasts().map((t) => t.message)).toEqual(['saved', 'failed', 'note']);
    vi.advanceTimersByTime(1);
    expect(getToasts().map((t) => t.message)).toEqual(['failed', 'note']);
    vi.advanceTimersByTime(1999);
    expect(getToasts()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toEqual([]);
  });

  it('loading stays until dismissed', () => {
    const id = toast.loading('working');
    vi.advanceTimersByTime(60_000);
    expect(getToasts().map((t) => t.message)).toEqual(['working']);
    toast.dismiss(id);
    expect(getToasts()).toEqual([]);
  });

  it('keeps at most 20, dropping the oldest first', () => {
    for (let i = 1; i <= 23; i++) toast.loading(`t${i}`);
    const messages = getToasts().map((t) => t.message);
    expect(messages).toHaveLength(20);
    expect(messages[0]).toBe('t4');
    expect(messages.at(-1)).toBe('t23');
  });
});

describe('<Toaster/>', () => {
  afterEach(() => {
    act(clearToasts);
    cleanup();
  });

  it('renders toasts in a polite status region, errors as alerts, green and red, each dismissible', async () => {
    render(<Toaster />);
    const region = screen.getByRole('status', { name: 'Notifications' });
    expect(region.getAttribute('aria-live')).toBe('polite');

    act(() => {
      toast.success('Logged in successfully');
      toast.error('Invalid credentials');
    });
    const success = within(region).getByText('Logged in successfully').closest('.toast');
    expect(success?.classList.contains('toast-success')).toBe(true);
    expect(success?.getAttribute('role')).toBeNull();
    const alert = within(region).getByRole('alert');
    expect(alert.textContent).toContain('Invalid credentials');
    expect(alert.classList.contains('toast-error')).toBe(true);

    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss notification' }));
    expect(within(region).queryByText('Invalid credentials')).toBeNull();
    expect(within(region).getByText('Logged in successfully')).toBeTruthy();
  });
});
