/**
 * "Notify this device of ..." on or off, per device. The browser's permission is asked
 * only when the user turns it on. Hidden where the browser has no Web Push.
 */
import { useEffect, useState } from 'react';
import type { PushKind } from '@shared/schemas/push';
import { OfflineError } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { MSG } from '@shared/messages';
import { deviceState, droppedDevicesNotice, pushSupported, PushRefused, turnOff, turnOn } from '../lib/push-device';
import './notifications.css';

export function NotificationsToggle({ kinds, label }: { kinds: readonly PushKind[]; label: string }) {
  const [current, setCurrent] = useState<readonly PushKind[] | null>(null);
  const [busy, setBusy] = useState(false);
  const supported = pushSupported();

  useEffect(() => {
    if (!supported) return;
    let live = true;
    deviceState()
      .then((state) => live && setCurrent(state.kinds))
      .catch(() => live && setCurrent([]));
    return () => {
      live = false;
    };
  }, [supported]);

  if (!supported) return null;
  const on = current !== null && kinds.every((k) => current.includes(k));

  const toggle = async () => {
    setBusy(true);
    try {
      const state = on ? await turnOff(kinds, current) : await turnOn(kinds, current ?? []);
      setCurrent(state.kinds);
      toast.success(on ? 'Notifications off for this device' : 'Notifications on for this device');
      const dropped = droppedDevicesNotice(state);
      if (dropped) toast.blank(dropped);
    } catch (error) {
      toast.error(
        error instanceof OfflineError
          ? MSG.offline
          : error instanceof PushRefused
            ? error.message
            : 'Failed to change notifications',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <label className="notifications-toggle">
      <input
        type="checkbox"
        role="switch"
        checked={on}
        disabled={busy || current === null}
        onChange={() => void toggle()}
      />
      {label}
    </label>
  );
}
