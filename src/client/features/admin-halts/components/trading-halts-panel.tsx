/** Admin home's kill switches: all trading, and the accounts halted on their own. */
import { useHalts } from '../api/halts';
import { HaltControls } from './halt-controls';
import './halts.css';

export function TradingHaltsPanel() {
  const { data: halts, isError } = useHalts();
  const accountHalts = halts?.filter((h) => h.account_id !== null) ?? [];
  return (
    <section className="trading-halts" aria-labelledby="trading-halts-heading">
      <h2 id="trading-halts-heading">Kill switch</h2>
      {isError && <p role="alert">Failed to load the halts</p>}
      {halts && <HaltControls accountId={null} halt={halts.find((h) => h.account_id === null)} />}
      {accountHalts.length > 0 && (
        <ul className="halted-accounts" aria-label="Halted accounts">
          {accountHalts.map((h) => (
            <li key={h.id}>
              Account {h.account_id}: <HaltControls accountId={h.account_id} halt={h} compact />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
