/** "Download CSV": the trades the page shows now (its status filter) as a CSV made in the browser, offline too. */
import { indiaToday } from '@shared/ist';
import type { Trade } from '@shared/schemas/trades';
import { downloadFile } from '@client/lib/download-file';
import { tradesCsv, tradesCsvFileName } from '../lib/trades-csv';

export function TradesCsvDownload({
  trades,
  status,
  disabled,
}: {
  trades: readonly Trade[];
  status: string;
  disabled: boolean;
}) {
  const download = () =>
    downloadFile(tradesCsvFileName(status, indiaToday()), tradesCsv(trades), 'text/csv;charset=utf-8');
  return (
    <button type="button" className="small-button" onClick={download} disabled={disabled}>
      Download CSV
    </button>
  );
}
