/**
 * /dashboard/admin/backups: the last good backup's age (a warning past two days), Take backup now,
 * the schedule and retention, whether an off-machine copy is set up and how the last one ended
 * (its exit code: the server never answers the command or its output), and every backup with its
 * size, checksum and copy's outcome. On PostgreSQL: a statement that backups are PostgreSQL's own.
 */
import type { BackupEntry, BackupsStatus } from '@shared/schemas/admin/backups';
import { formatTimestamp } from '@shared/format';
import { BackButton } from '@client/components/back-button';
import { LoadState } from '@client/components/load-state';
import { Page } from '@client/components/page';
import { ResponsiveList, type ResponsiveColumn } from '@client/components/responsive-list';
import { StatusBadge } from '@client/components/status-badge';
import { useBackups, useTakeBackup } from '../api/backups';
import { backupAge, formatSize } from '../lib/backup-age';
import './backups.css';

function CopyOutcome({ backup, configured }: { backup: BackupEntry; configured: boolean }) {
  if (!backup.copy) return configured ? <span>pending</span> : <span>not configured</span>;
  const { exitCode, signal } = backup.copy;
  if (exitCode === 0) return <StatusBadge tone="success">copied</StatusBadge>;
  return (
    <span>
      <StatusBadge tone="danger">failed</StatusBadge> exit {exitCode ?? signal}
    </span>
  );
}

function CopySummary({ status }: { status: BackupsStatus }) {
  if (!status.copyCommand) return <> No off-machine copy is set up (BACKUP_COPY_COMMAND).</>;
  const last = status.lastCopy;
  return (
    <>
      {' '}
      Each backup is copied off the machine (BACKUP_COPY_COMMAND).
      {last &&
        ` Last copy: ${last.exitCode === 0 ? 'done' : `failed, exit ${last.exitCode ?? last.signal}`} at ${formatTimestamp(last.finishedAt)}.`}
    </>
  );
}

function columns(status: BackupsStatus): ResponsiveColumn<BackupEntry>[] {
  return [
    { key: 'taken', header: 'Taken', primary: true, cell: (b) => formatTimestamp(b.createdAt) },
    { key: 'kind', header: 'Kind', cell: (b) => b.kind },
    { key: 'size', header: 'Size', cell: (b) => formatSize(b.size) },
    {
      key: 'checksum',
      header: 'SHA-256',
      cell: (b) => (
        <span className="admin-data" title={b.checksum}>
          {b.checksum.slice(0, 16)}…
        </span>
      ),
    },
    {
      key: 'copy',
      header: 'Off-machine copy',
      cell: (b) => <CopyOutcome backup={b} configured={status.copyCommand} />,
    },
    { key: 'name', header: 'File', cell: (b) => <span className="admin-data">{b.name}</span> },
  ];
}

/** `now`: when the list was fetched (the age as of that answer; a refetch moves it on). */
function LastBackup({ status, now }: { status: BackupsStatus; now: number }) {
  const last = status.backups[0];
  if (!last)
    return (
      <p className="backups-summary backups-summary--warning" role="alert">
        No backup yet.
      </p>
    );
  const age = backupAge(last.createdAt, now);
  return (
    <p
      className={`backups-summary${age.stale ? ' backups-summary--warning' : ''}`}
      role={age.stale ? 'alert' : undefined}
    >
      Last good backup: {formatTimestamp(last.createdAt)} ({age.text}).
      {age.stale && ' It is more than two days old: check the daily backup and the server log.'}
    </p>
  );
}

function PostgresBackups() {
  return (
    <div className="backups-summary">
      <p>
        This server runs on PostgreSQL (<code>DATABASE_URL</code>): its backups are PostgreSQL&apos;s own,{' '}
        <code>pg_dump</code> or continuous archiving (WAL archiving with base backups), set up on the database server.
        Trabot takes none itself.
      </p>
      <p>The commands and a restore drill are in docs/operations.md, under Backups.</p>
    </div>
  );
}

export function BackupsPage() {
  const backups = useBackups();
  const take = useTakeBackup();
  const status = backups.data;
  return (
    <Page title="Backups">
      <div className="admin-toolbar">
        <BackButton fallback="/dashboard/admin" />
        {status?.database === 'pglite' && (
          <button
            type="button"
            className="admin-link-button"
            disabled={take.isPending || status.running}
            onClick={() => take.mutate()}
          >
            {take.isPending ? 'Taking backup...' : 'Take backup now'}
          </button>
        )}
      </div>
      <LoadState query={backups} />
      {status?.database === 'postgres' && <PostgresBackups />}
      {status?.database === 'pglite' && (
        <>
          <LastBackup status={status} now={backups.dataUpdatedAt} />
          {status.lastFailure && (
            <p className="backups-summary backups-summary--warning" role="alert">
              The {status.lastFailure.kind} backup of {formatTimestamp(status.lastFailure.at)} failed:{' '}
              {status.lastFailure.error}
            </p>
          )}
          <p className="backups-schedule">
            {status.schedule.at ? `Daily at ${status.schedule.at} IST` : 'No daily backup (BACKUP_AT=off)'}; kept: the
            newest daily backup of each of the last {status.schedule.keep.daily} days and {status.schedule.keep.monthly}{' '}
            months, and the last {status.schedule.keep.manual} manual backups. Folder:{' '}
            <span className="admin-data">{status.dir}</span>.
            <CopySummary status={status} />
          </p>
          <ResponsiveList
            items={status.backups}
            columns={columns(status)}
            rowKey={(b) => b.name}
            empty="No backups"
            caption="Backups"
            cardTitle={(b) => formatTimestamp(b.createdAt)}
          />
        </>
      )}
    </Page>
  );
}
