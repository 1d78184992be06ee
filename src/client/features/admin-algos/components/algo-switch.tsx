/**
 * An algo's On/Off switch (spec section 2). It changes live trading, so a tap asks first, naming
 * the algo and what changes; the outcome is toasted. The switch is a native button with
 * role="switch" and a 44 px tap target.
 */
import { useState } from 'react';
import type { Algo } from '@shared/schemas/admin/algos';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { useSwitchAlgo } from '../api/switch-algo';
import { switchEffect, switchPosition as position } from '../lib/algo-switch-text';

export function AlgoSwitch({ algo }: { algo: Algo }) {
  const mutation = useSwitchAlgo();
  const [asking, setAsking] = useState(false);
  const on = algo.algo_switch;
  const next = !on;
  const id = algo.algo_id;
  const confirm = () => {
    setAsking(false);
    mutation.mutate({ algoId: id, algoSwitch: next });
  };
  return (
    <>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={`Algo ${id} switch`}
        className="algo-switch"
        onClick={() => setAsking(true)}
      >
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
