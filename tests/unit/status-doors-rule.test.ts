/**
 * The lint rule that keeps one door for every status (eslint-rules/status-doors.js): the writes of
 * a trade's, signal's, leg's or protection's status it refuses outside src/server/states, and what
 * it lets through (other columns, other tables, an INSERT creating a row).
 */
import { RuleTester, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';

// Loaded by its URL: the rule is plain JavaScript, outside the type-checked tree.
const RULE = new URL('../../eslint-rules/status-doors.js', import.meta.url).href;
const { default: rule } = (await import(RULE)) as { default: Rule.RuleModule };

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run('status-doors', rule, {
  valid: [
    // Other columns of the four tables, spelled out.
    'await tx.update(trades).set({ exit_pending_since: null }).where(x);',
    'await db.update(signals).set({ status_note: note }).where(x);',
    // A status of another table.
    "await tx.update(manualOrders).set({ status: 'done' });",
    "await tx.update(accounts).set({ account_status: 'active', ...rest });",
    // Creating a row in its first status is not a move.
    "await tx.insert(trades).values({ trade_status: 'pending' });",
    "await tx.insert(orderLegs).values({ state: 'open' });",
    // Bulk writes of other columns; a guard on another column.
    "await updateRows(tx, trades, 'trabot_trade_id', batch);",
    "await updateRows(tx, tradeEntries, 'id', [{ id: 1, trade_status: 'x' }]);",
    "await updateRowsFrom(tx, orderLegs, 'id', 'reason', rows);",
    // Raw SQL of other columns.
    'await db.execute(sql`update ${protections} set reason = ${r} where id = ${id}`);',
  ],
  invalid: [
    {
      code: "await tx.update(trades).set({ trade_status: 'cancelled', last_updated_timestamp: now });",
      errors: [{ messageId: 'status', data: { table: 'trades', column: 'trade_status' } }],
    },
    {
      code: "await tx.update(signals).set({ 'trade_status': to });",
      errors: [{ messageId: 'status', data: { table: 'signals', column: 'trade_status' } }],
    },
    {
      code: "await tx.update(orderLegs).set({ state: 'filled' }).where(eq(orderLegs.id, id));",
      errors: [{ messageId: 'status', data: { table: 'orderLegs', column: 'state' } }],
    },
    {
      code: 'await tx.update(trades).set({ ...fields, last_updated_timestamp: now });',
      errors: [{ messageId: 'unseen', data: { table: 'trades', column: 'trade_status' } }],
    },
    {
      code: 'await tx.update(protections).set(changes);',
      errors: [{ messageId: 'unseen', data: { table: 'protections', column: 'state' } }],
    },
    {
      code: "await updateRowsFrom(tx, trades, 'trabot_trade_id', 'trade_status', figures);",
      errors: [{ messageId: 'status', data: { table: 'trades', column: 'trade_status' } }],
    },
    {
      code: "await updateRows(tx, orderLegs, 'id', moves.map((m) => ({ id: m.id, state: m.to })));",
      errors: [{ messageId: 'status', data: { table: 'orderLegs', column: 'state' } }],
    },
    {
      code: "await tx.execute(sql`update ${protections} set state = 'done', reason = ${r} where id = ${id}`);",
      errors: [{ messageId: 'status', data: { table: 'protections', column: 'state' } }],
    },
  ],
});
