/**
 * /dashboard/admin/warnings: the last 50 warnings, Show Deleted, Refresh; a non-deleted warning can
 * be deleted (one-way) after a confirmation that shows it.
 */
import { IonButton } from '@client/lib/ionic/ion-button';
import { IonCheckbox } from '@client/lib/ionic/ion-checkbox';
import { useState } from 'react';
import { WARNINGS_LIMIT } from '@shared/constants';
import { formatTimestamp } from '@shared/format';
import { MSG } from '@shared/messages';
import type { Warning } from '@shared/schemas/admin/operations';
import { BackButton } from '@client/components/back-button';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { Page } from '@client/components/page';
import { ResponsiveList, type ResponsiveColumn } from '@client/components/responsive-list';
import { LoadState } from '@client/components/load-state';
import { useDeleteWarning } from '../api/delete-warning';
import { useWarnings } from '../api/get-warnings';
import './operations.css';

const WarningData = ({ data }: { data: string | null }) => (data ? <pre className="admin-data">{data}</pre> : <>-</>);

function WarningDetails({ warning }: { warning: Warning }) {
  return (
    <dl className="warning-details">
      <dt>Warning ID</dt>
      <dd>{warning.warning_id}</dd>
      <dt>Message</dt>
      <dd>{warning.warning_message}</dd>
      <dt>Data</dt>
      <dd>
        <WarningData data={warning.warning_data} />
      </dd>
      <dt>Timestamp</dt>
      <dd>{formatTimestamp(warning.warning_timestamp)}</dd>
    </dl>
  );
}

export function WarningsPage() {
  const [showDeleted, setShowDeleted] = useState(false);
  const warnings = useWarnings(showDeleted);
  const deletion = useDeleteWarning();
  const [confirming, setConfirming] = useState<Warning | null>(null);

  const confirmDelete = () => {
    if (!confirming) return;
    deletion.mutate(confirming.warning_id, { onSuccess: () => setConfirming(null) });
  };

  const columns: ResponsiveColumn<Warning>[] = [
    { key: 'id', header: 'Warning ID', cell: (w) => w.warning_id },
    { key: 'message', header: 'Message', cell: (w) => w.warning_message, primary: true },
    { key: 'data', header: 'Data', cell: (w) => <WarningData data={w.warning_data} /> },
    { key: 'timestamp', header: 'Timestamp', cell: (w) => formatTimestamp(w.warning_timestamp), primary: true },
    { key: 'deleted', header: 'Deleted', cell: (w) => (w.delete_ind ? 'Yes' : 'No') },
    {
      key: 'delete',
      header: 'Delete',
      cell: (w) =>
        w.delete_ind ? null : (
          <IonButton
            size="small"
            fill="outline"
            color="danger"
            aria-label={`Delete warning ${w.warning_id}`}
            onClick={() => setConfirming(w)}
          >
            Delete
          </IonButton>
        ),
    },
  ];

  return (
    <Page title="Warnings">
      <div className="admin-toolbar">
        <BackButton />
        <IonCheckbox
          checked={showDeleted}
          onIonChange={(e) => setShowDeleted(e.detail.checked)}
          labelPlacement="end"
          justify="start"
        >
          Show Deleted
        </IonCheckbox>
        <button
          type="button"
          className="admin-link-button"
          disabled={warnings.isFetching}
          onClick={() => void warnings.refetch()}
        >
          Refresh
        </button>
      </div>
      <LoadState query={warnings} failure={MSG.logsWarningsFailure} />
      {warnings.data && (
        <ResponsiveList
          items={warnings.data}
          columns={columns}
          rowKey={(w) => w.warning_id}
          empty="No warnings found"
          caption={`Last ${WARNINGS_LIMIT} warnings`}
          cardTitle={(w) => `Warning ${w.warning_id}`}
        />
      )}
      <ConfirmDialog
        isOpen={confirming !== null}
        title="Delete warning"
        confirmLabel="Delete this warning"
        pending={deletion.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(null)}
      >
        {confirming && <WarningDetails warning={confirming} />}
      </ConfirmDialog>
    </Page>
  );
}
