/** Raw: the whole signal as formatted JSON text. */
import type { Signal } from '@shared/schemas/admin/algos';
import { Modal } from '@client/components/modal';

export function SignalRawModal({ signal, onClose }: { signal: Signal | null; onClose: () => void }) {
  return (
    <Modal isOpen={signal !== null} title={signal ? `Signal ${signal.signal_id}` : undefined} onClose={onClose}>
      {signal && <pre className="signal-raw">{JSON.stringify(signal, null, 2)}</pre>}
    </Modal>
  );
}
