/**
 * Add Signal: the modal over the signals page. Closes and refreshes the list on success; on failure
 * it stays open with the typed values.
 */
import { lazy, Suspense, useEffect } from 'react';
import { DelayedSpinner } from '@client/components/delayed-spinner';
import { Modal } from '@client/components/modal';

/**
 * The form and its instrument picker are a chunk of their own: the signals page paints without
 * them and fetches them once it is shown, before anyone taps Add Signal.
 */
const loadForm = () => import('./add-signal-form');
const AddSignalForm = lazy(() => loadForm().then((m) => ({ default: m.AddSignalForm })));

export function AddSignalModal({ algoId, isOpen, onClose }: { algoId: number; isOpen: boolean; onClose: () => void }) {
  useEffect(() => {
    // Offline, the fetch fails here quietly; opening the form then shows why.
    loadForm().catch(() => undefined);
  }, []);
  return (
    <Modal isOpen={isOpen} title={`Add Signal (algo ${algoId})`} onClose={onClose}>
      {isOpen && (
        <Suspense fallback={<DelayedSpinner />}>
          <AddSignalForm algoId={algoId} onDone={onClose} />
        </Suspense>
      )}
    </Modal>
  );
}
