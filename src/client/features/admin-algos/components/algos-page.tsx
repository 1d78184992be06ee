/**
 * /dashboard/admin/algos (spec section 2): every algo with its On/Off switch, a link to its signals,
 * and its approval mode with the Webhook & approval settings.
 */
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { MSG } from '@shared/messages';
import type { Algo, AlgoListItem } from '@shared/schemas/admin/algos';
import { BackButton } from '@client/components/back-button';
import { ClampedText } from '@client/components/clamped-text';
import { Page } from '@client/components/page';
import { ResponsiveList, type ResponsiveColumn } from '@client/components/responsive-list';
import { LoadState } from '@client/components/load-state';
import { InlineSetting } from '@client/components/inline-setting';
import { useAlgos } from '../api/get-algos';
import { useSetExchangeAlgoId } from '../api/set-exchange-algo-id';
import { AlgoSwitch } from './algo-switch';
import { AlgoWebhookModal } from './algo-webhook-modal';
import './admin-algos.css';

const approvalText = (a: Algo) =>
  a.signal_validity_minutes === null
    ? a.approval_mode
    : `${a.approval_mode}, pending expires after ${a.signal_validity_minutes} min`;

/** The exchange-issued Algo ID its live orders carry (SEBI's retail algo rules); none: live entries are refused. */
function ExchangeAlgoIdField({ algo }: { algo: Algo }) {
  const mutation = useSetExchangeAlgoId();
  return (
    <InlineSetting
      label={`Exchange Algo ID of algo ${algo.algo_id}`}
      value={algo.exchange_algo_id}
      placeholder="not registered"
      saving={mutation.isPending}
      onSave={(value) => mutation.mutate({ algoId: algo.algo_id, exchangeAlgoId: value })}
    />
  );
}

/** "7 of 10": active testers out of the limit (ALGO_TESTERS_MAX). */
export const testerSlotsText = (a: Pick<AlgoListItem, 'testers_active' | 'testers_max'>) =>
  `${a.testers_active} of ${a.testers_max}`;

const columnsWith = (openSettings: (algo: Algo) => void): ResponsiveColumn<AlgoListItem>[] => [
  { key: 'id', header: 'Algo ID', cell: (a) => a.algo_id },
  {
    key: 'desc',
    header: 'Description',
    primary: true,
    fullWidth: true,
    cell: (a) => <ClampedText text={a.algo_desc} />,
  },
  { key: 'switch', header: 'Switch', primary: true, cell: (a) => <AlgoSwitch algo={a} /> },
  {
    key: 'signals',
    header: 'Signals',
    cell: (a) => (
      <Link
        to="/dashboard/admin/algos/$id/signals"
        params={{ id: a.algo_id }}
        aria-label={`Signals of algo ${a.algo_id}`}
      >
        Signals
      </Link>
    ),
  },
  {
    key: 'testers',
    header: 'Testers',
    cell: (a) => (
      <span
        className={a.testers_active >= a.testers_max ? 'algo-testers algo-testers-full' : 'algo-testers'}
        aria-label={`${testerSlotsText(a)} testing slots used`}
      >
        {testerSlotsText(a)}
      </span>
    ),
  },
  { key: 'approval', header: 'Approval', cell: approvalText },
  { key: 'exchange', header: 'Exchange Algo ID', cell: (a) => <ExchangeAlgoIdField algo={a} /> },
  {
    key: 'webhook',
    header: 'Webhook',
    cell: (a) => (
      <button
        type="button"
        className="admin-link-button"
        aria-label={`Webhook and approval of algo ${a.algo_id}`}
        onClick={() => openSettings(a)}
      >
        Webhook &amp; approval
      </button>
    ),
  },
];

export function AlgosPage() {
  const algos = useAlgos();
  const { data } = algos;
  const [settingsOf, setSettingsOf] = useState<number | null>(null);
  const columns = useMemo(() => columnsWith((a) => setSettingsOf(a.algo_id)), []);
  let body;
  if (data) {
    body = (
      <ResponsiveList
        items={data}
        columns={columns}
        rowKey={(a) => a.algo_id}
        empty={MSG.noAlgos}
        caption="Algos"
        cardTitle={(a) => `Algo ${a.algo_id}`}
      />
    );
  } else {
    body = <LoadState query={algos} />;
  }
  return (
    <Page title="Algos">
      <BackButton />
      {body}
      <AlgoWebhookModal
        algo={data?.find((a) => a.algo_id === settingsOf) ?? null}
        onClose={() => setSettingsOf(null)}
      />
    </Page>
  );
}
