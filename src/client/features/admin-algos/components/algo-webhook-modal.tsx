/**
 * "Webhook & approval" of one algo: how its new signals are decided (manual or auto,
 * and how long a pending one stays valid) and the tokens its own code sends signals with. A new
 * token is shown once, with the webhook's address, to copy; the list shows tokens masked.
 */
import { useId, useState } from 'react';
import type { Algo } from '@shared/schemas/admin/algos';
import { approvalSettingsBodySchema } from '@shared/schemas/admin/signal-approvals';
import { formatTimestamp } from '@shared/format';
import { Modal } from '@client/components/modal';
import { toast } from '@client/lib/toast';
import {
  useCreateWebhookToken,
  useRevokeWebhookToken,
  useSaveApprovalSettings,
  useWebhookTokens,
} from '../api/webhook-settings';

/** The Clipboard API is there only in a secure context (https, localhost). */
type ClipboardNavigator = { readonly clipboard?: Clipboard };

export function AlgoWebhookModal({ algo, onClose }: { algo: Algo | null; onClose: () => void }) {
  return (
    <Modal
      isOpen={algo !== null}
      title={algo ? `Webhook & approval (algo ${algo.algo_id})` : 'Webhook & approval'}
      onClose={onClose}
    >
      {algo && (
        <>
          {/* Keyed by the stored settings: what is typed stays until they themselves change. */}
          <ApprovalSettings key={`${algo.approval_mode}:${algo.signal_validity_minutes}`} algo={algo} />
          <WebhookTokens algoId={algo.algo_id} />
        </>
      )}
    </Modal>
  );
}

function ApprovalSettings({ algo }: { algo: Algo }) {
  const save = useSaveApprovalSettings(algo.algo_id);
  const [mode, setMode] = useState(algo.approval_mode);
  const [validity, setValidity] = useState(
    algo.signal_validity_minutes === null ? '' : String(algo.signal_validity_minutes),
  );
  const [error, setError] = useState<string | null>(null);
  const modeId = useId();
  const validityId = useId();

  const submit = () => {
    const parsed = approvalSettingsBodySchema.safeParse({
      approval_mode: mode,
      signal_validity_minutes: validity.trim() === '' ? null : Number(validity),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };

  return (
    <form
      className="algo-settings"
      aria-label="Approval"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3>Approval</h3>
      <label htmlFor={modeId}>Approval mode</label>
      <select id={modeId} value={mode} onChange={(e) => setMode(e.target.value as Algo['approval_mode'])}>
        <option value="manual">manual: signals wait for a superadmin</option>
        <option value="auto">auto: the algo's signals are approved at once</option>
      </select>
      <label htmlFor={validityId}>Pending signals expire after (minutes, blank: never)</label>
      <input
        id={validityId}
        inputMode="numeric"
        value={validity}
        onChange={(e) => setValidity(e.target.value)}
        aria-invalid={error !== null}
        aria-describedby={error ? `${validityId}-error` : undefined}
      />
      {error && (
        <p id={`${validityId}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="algo-button algo-button--primary" disabled={save.isPending}>
        Save approval settings
      </button>
    </form>
  );
}

function WebhookTokens({ algoId }: { algoId: number }) {
  const tokens = useWebhookTokens(algoId);
  const create = useCreateWebhookToken(algoId);
  const revoke = useRevokeWebhookToken(algoId);
  const [shown, setShown] = useState<string | null>(null);
  const hookUrl = `${window.location.origin}/api/hooks/signals`;

  return (
    <section className="algo-settings" aria-label="Webhook tokens">
      <h3>Webhook tokens</h3>
      <p>
        The algo's code sends signals to <code>{hookUrl}</code> with one of these tokens (docs/operations.md: "Signals
        from the algos").
      </p>
      {shown && (
        <div className="new-token" role="status">
          <label>
            New token (shown once: copy it now)
            <input readOnly value={shown} onFocus={(e) => e.target.select()} />
          </label>
          <button
            type="button"
            className="algo-button"
            onClick={() =>
              void (navigator as ClipboardNavigator).clipboard
                ?.writeText(shown)
                .then(() => toast.success('Token copied'))
            }
          >
            Copy
          </button>
        </div>
      )}
      {tokens.data && tokens.data.length === 0 && <p>No tokens yet.</p>}
      {tokens.data && tokens.data.length > 0 && (
        <ul className="token-list">
          {tokens.data.map((t) => (
            <li key={t.token_id}>
              <code>{t.masked}</code> made {formatTimestamp(t.created_at)},{' '}
              {t.last_used_at ? `last used ${formatTimestamp(t.last_used_at)}` : 'never used'}
              <button
                type="button"
                className="algo-button algo-button--danger"
                aria-label={`Revoke token ${t.masked}`}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(t.token_id)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="algo-button algo-button--primary"
        disabled={create.isPending}
        onClick={() => create.mutate(undefined, { onSuccess: (made) => setShown(made.token) })}
      >
        New token
      </button>
    </section>
  );
}
