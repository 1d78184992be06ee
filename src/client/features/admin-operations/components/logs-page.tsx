/**
 * /dashboard/admin/logs: the server's own log, the last 50/100/200/500 lines containing the search
 * text (taken literally), newest last. The search applies on Refresh Logs (or Enter); the line
 * count and the static-files filter at once. Each line reads as time (IST), level, message and
 * fields (a table on a laptop, a card per line on a phone), errors marked, the raw line on demand.
 */
import { IonButton } from '@client/lib/ionic/ion-button';
import { IonInput } from '@client/lib/ionic/ion-input';
import { IonSelect } from '@client/lib/ionic/ion-select';
import { IonSelectOption } from '@client/lib/ionic/ion-select-option';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { LOG_LINE_CHOICES } from '@shared/constants';
import { MSG } from '@shared/messages';
import { BackButton } from '@client/components/back-button';
import { Page } from '@client/components/page';
import { ResponsiveList, type ResponsiveColumn } from '@client/components/responsive-list';
import { StatusBadge, type BadgeTone } from '@client/components/status-badge';
import { LoadState } from '@client/components/load-state';
import { logsQueryOptions, type LogsQuery } from '../api/get-logs';
import { readLogLine, type LogLevel, type LogLine } from '../lib/log-line';
import './operations.css';

const LEVEL_TONES: Partial<Record<LogLevel, BadgeTone>> = { warn: 'warning', error: 'danger', fatal: 'danger' };

const COLUMNS: ResponsiveColumn<LogLine>[] = [
  { key: 'time', header: 'Time (IST)', primary: true, cell: (l) => l.time ?? '' },
  {
    key: 'level',
    header: 'Level',
    primary: true,
    cell: (l) => l.level && <StatusBadge tone={LEVEL_TONES[l.level] ?? 'neutral'}>{l.level}</StatusBadge>,
  },
  { key: 'message', header: 'Message', primary: true, cell: (l) => l.message },
  {
    key: 'fields',
    header: 'Fields',
    cell: (l) => (
      <span className="log-fields">
        {l.fields.map(([key, value]) => (
          <span key={key}>
            <span className="log-field-key">{key}</span> {value}
          </span>
        ))}
      </span>
    ),
  },
  {
    key: 'raw',
    header: 'Raw',
    cell: (l) => (
      <details className="log-raw">
        <summary>Raw</summary>
        <pre>{l.raw}</pre>
      </details>
    ),
  },
];

export function LogsPage() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<LogsQuery>({ search: '', lines: LOG_LINE_CHOICES[0], showStatic: false });
  // The previous lines stay on screen while another search loads.
  const logs = useQuery({ ...logsQueryOptions(query), placeholderData: keepPreviousData });

  const lines = useMemo(() => logs.data?.lines.map(readLogLine), [logs.data]);

  const apply = (next: LogsQuery) => {
    if (next.search === query.search && next.lines === query.lines && next.showStatic === query.showStatic)
      void logs.refetch();
    else setQuery(next);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply({ ...query, search });
  };

  return (
    <Page title="Logs">
      <div className="admin-toolbar">
        <BackButton />
      </div>
      <form className="logs-controls" role="search" onSubmit={onSubmit}>
        <IonInput
          className="logs-search"
          label="Search"
          labelPlacement="stacked"
          fill="outline"
          type="search"
          enterkeyhint="search"
          autocomplete="off"
          value={search}
          onIonInput={(e) => setSearch(e.detail.value ?? '')}
        />
        <IonSelect
          className="logs-lines"
          label="Lines"
          labelPlacement="stacked"
          fill="outline"
          interface="popover"
          value={query.lines}
          onIonChange={(e) => apply({ ...query, search, lines: Number(e.detail.value) })}
        >
          {LOG_LINE_CHOICES.map((n) => (
            <IonSelectOption key={n} value={n}>
              {n}
            </IonSelectOption>
          ))}
        </IonSelect>
        <label className="logs-static">
          <input
            type="checkbox"
            checked={query.showStatic}
            onChange={(e) => apply({ ...query, search, showStatic: e.target.checked })}
          />
          Show static file requests
        </label>
        <IonButton type="submit" disabled={logs.isFetching}>
          Refresh Logs
        </IonButton>
      </form>
      <LoadState query={logs} failure={MSG.logsWarningsFailure} />
      {lines && (
        <div className="log-lines" aria-busy={logs.isFetching || undefined}>
          <ResponsiveList
            items={lines}
            columns={COLUMNS}
            rowKey={(l) => l.index}
            empty="No logs to display"
            caption="Log lines"
          />
        </div>
      )}
    </Page>
  );
}
