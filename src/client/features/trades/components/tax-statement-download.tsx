/**
 * "Download tax P&L": the account's tax P&L statement of a financial year as a CSV,
 * the current year (in India) or one of the two before. A plain link the browser downloads; it
 * needs the server, so it is disabled offline.
 */
import { useId, useState } from 'react';
import { earlierFinancialYear, financialYearOf } from '@shared/financial-year';
import { indiaToday } from '@shared/ist';

export function TaxStatementDownload({ url, online }: { url: string; online: boolean }) {
  const id = useId();
  const current = financialYearOf(indiaToday());
  const years = [0, 1, 2].map((back) => earlierFinancialYear(current, back));
  const [fy, setFy] = useState(current);
  const href = `${url}${url.includes('?') ? '&' : '?'}fy=${fy}`;
  return (
    <div className="tax-statement">
      <label htmlFor={id}>Financial year</label>
      <select id={id} value={fy} onChange={(e) => setFy(e.target.value)}>
        {years.map((year) => (
          <option key={year} value={year}>
            FY {year}
          </option>
        ))}
      </select>
      {online ? (
        <a className="small-button" href={href} download>
          Download tax P&amp;L
        </a>
      ) : (
        <a className="small-button" aria-disabled="true" title="Needs a connection">
          Download tax P&amp;L
        </a>
      )}
    </div>
  );
}
