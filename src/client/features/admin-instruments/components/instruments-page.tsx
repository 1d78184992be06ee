/**
 * /dashboard/admin/instruments: how many instruments the Add Signal picker offers, the date of the
 * last bhavcopy imported, and the upload of a new NSE bhavcopy (legacy or UDiFF CSV, plain or zipped).
 */
import { useRef, useState, type FormEvent } from 'react';
import { BackButton } from '@client/components/back-button';
import { Page } from '@client/components/page';
import { useInstruments } from '@client/features/admin-algos';
import { LoadState } from '@client/components/load-state';
import { useImportBhavCopy } from '../api/import-bhav-copy';
import { lastBhavCopyDate } from '../lib/import-messages';
import './instruments.css';

const FILE_INPUT_ID = 'bhav-copy-file';

export function InstrumentsPage() {
  const instruments = useInstruments();
  const upload = useImportBhavCopy();
  const [file, setFile] = useState<File | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        form.current?.reset();
        setFile(null);
      },
    });
  };

  return (
    <Page title="Instruments">
      <div className="admin-toolbar">
        <BackButton />
      </div>
      <LoadState query={instruments} />
      {instruments.data && (
        <dl className="instruments-summary">
          <div>
            <dt>Instruments</dt>
            <dd>{instruments.data.length}</dd>
          </div>
          <div>
            <dt>Last bhavcopy</dt>
            <dd>{lastBhavCopyDate(instruments.data) ?? 'none yet'}</dd>
          </div>
        </dl>
      )}
      <form ref={form} className="instruments-upload" onSubmit={onSubmit}>
        <label htmlFor={FILE_INPUT_ID}>Bhavcopy file (NSE CSV or ZIP)</label>
        <input
          id={FILE_INPUT_ID}
          name="file"
          type="file"
          accept=".csv,.zip"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <button type="submit" className="button-link button-link-solid" disabled={!file || upload.isPending}>
          {upload.isPending ? 'Importing...' : 'Import bhavcopy'}
        </button>
      </form>
    </Page>
  );
}
