/**
 * An algo's On/Off switch (spec section 2). It changes live trading, so a tap asks first, naming
 * the algo and what changes; the outcome is toasted. The switch is a native button with
 * role="switch" and a 44 px tap target.
 */
import { useState } from 'react';
import type { Algo } from '../../../../shared/schemas/admin/algos';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { saveFailureMessage } from '../../../lib/save-failure';
import { toast } from '../../../lib/toast';
import { useSwitchAlgo } from '../api/switch-algo';

const position = (on: boolean) => (on ? 'On' : 'Off');

/** What switching to `on` does, in a sentence's second half. */
export const switchEffect = (on: boolean) => (on ? 'its approved signals are traded again' : 'no new trades from its signals');

export function AlgoSwitch({ algo }: { algo: Algo }) {
  const mutation = useSwitchAlgo();
  const [asking, setAsking] = useState(false);
  const on = algo.algo_switch;
  const next = !on;
  const id = algo.algo_id;
  const confirm = () => {
    setAsking(false);
    mutation.mutate(
      { algoId: id, algoSwitch: next },
      {
        onSuccess: () => toast.success(`Algo ${id} switched ${position(next)}: ${switchEffect(next)}`),
        onError: (error) => toast.error(saveFailureMessage(error, `Failed to switch algo ${id}`)),
      },
    );
  };
  return (
    <>
      <button type="button" role="switch" aria-checked={on} aria-label={`Algo ${id} switch`} className="algo-switch" onClick={() => setAsking(true)}>
        <span className="algo-switch-track" aria-hidden="true" />
        {position(on)}
      </button>
      <ConfirmDialog
        isOpen={asking}
        title={`Switch algo ${id} ${position(next)}?`}
        confirmLabel={`Switch ${position(next)}`}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        Switch algo {id} ({algo.algo_desc}) {position(next)}: {switchEffect(next)}.
      </ConfirmDialog>
    </>
  );
}
