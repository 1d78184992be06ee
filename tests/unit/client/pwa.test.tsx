import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InstallButton } from '@client/features/pwa/components/install-button';
import { UpdatePrompt } from '@client/features/pwa/components/update-prompt';
import { captureInstallPrompt } from '@client/features/pwa/lib/install-prompt';

const sw = vi.hoisted(() => ({ waiting: false, updateServiceWorker: vi.fn(async () => undefined) }));

vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => {
    const needRefresh = useState(sw.waiting);
    return { needRefresh, offlineReady: [false, () => undefined], updateServiceWorker: sw.updateServiceWorker };
  },
}));

/** The prompt and the install button are plain buttons (no Ionic in the shell). */
const button = (name: string) => screen.queryByRole('button', { name });

afterEach(() => {
  cleanup();
  sw.updateServiceWorker.mockClear();
});

describe('update prompt', () => {
  it('shows nothing while no new version waits', () => {
    sw.waiting = false;
    render(<UpdatePrompt />);
    expect(screen.queryByText(/new version/)).toBeNull();
  });

  it('reloads into the new version only when the user agrees', async () => {
    sw.waiting = true;
    render(<UpdatePrompt />);
    expect(screen.getByRole('alertdialog').textContent).toContain('A new version of Trabot is available.');
    expect(sw.updateServiceWorker).not.toHaveBeenCalled();
    await userEvent.click(button('Reload')!);
    expect(sw.updateServiceWorker).toHaveBeenCalledWith(true);
  });

  it('"Later" dismisses it without reloading', async () => {
    sw.waiting = true;
    render(<UpdatePrompt />);
    await userEvent.click(button('Later')!);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sw.updateServiceWorker).not.toHaveBeenCalled();
  });
});

describe('install button', () => {
  it('appears when the browser offers installation, prompts once, then goes away', async () => {
    const target = new EventTarget() as Window;
    captureInstallPrompt(target);
    render(<InstallButton />);
    expect(button('Install app')).toBeNull();

    const prompt = vi.fn(async () => undefined);
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => void target.dispatchEvent(offer));
    expect(offer.defaultPrevented).toBe(true);

    await userEvent.click(button('Install app')!);
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(button('Install app')).toBeNull();
  });

  it('goes away once the app is installed', () => {
    const target = new EventTarget() as Window;
    captureInstallPrompt(target);
    render(<InstallButton />);
    const offer = Object.assign(new Event('beforeinstallprompt'), {
      prompt: vi.fn(),
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    act(() => void target.dispatchEvent(offer));
    expect(button('Install app')).not.toBeNull();
    act(() => void target.dispatchEvent(new Event('appinstalled')));
    expect(button('Install app')).toBeNull();
  });
});
