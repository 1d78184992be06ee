/**
 * /dashboard/admin/logs: the server's own log, the last 50/100/200/500 lines containing the search
 * text (taken literally), newest last. The search applies on Refresh Logs (or Enter); the line
 * count at once.
 */
import { IonButton, IonInput, IonSelect, IonSelectOption } from '@ionic/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LOG_LINE_CHOICES } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import { BackButton } from '../../../components/back-button';
import { Page } from '../../../components/page';
import { LoadState } from '../../admin/components/load-state';
import { logsQueryOptions, type LogsQuery } from '../api/get-logs';
import './operations.css';

export function LogsPage() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<LogsQuery>({ search: '', lines: LOG_LINE_CHOICES[0] });
  // The previous lines stay on screen while another search loads.
  const logs = useQuery({ ...logsQueryOptions(query), placeholderData: keepPreviousData });

  const apply = (next: LogsQuery) => {
    if (next.search === query.search && next.lines === query.lines) void logs.refetch();
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
          onIonChange={(e) => apply({ search, lines: Number(e.detail.value) })}
        >
          {LOG_LINE_CHOICES.map((n) => (
            <IonSelectOption key={n} value={n}>
              {n}
            </IonSelectOption>
          ))}
        </IonSelect>
        <IonButton type="submit" disabled={logs.isFetching}>
          Refresh Logs
        </IonButton>
      </form>
      <LoadState query={logs} failure={MSG.logsWarningsFailure} />
      {logs.data &&
        (logs.data.lines.length === 0 ? (
          <p className="admin-state">No logs to display</p>
        ) : (
          <ol className="log-lines" aria-label="Log lines" aria-busy={logs.isFetching || undefined}>
            {logs.data.lines.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ol>
        ))}
    </Page>
  );
}
