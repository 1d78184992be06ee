/**
 * One door for every status: the status of a trade, a signal, an order leg or a protection is
 * written only through src/server/states, whose guarded UPDATE moves a row only from a status its
 * table (src/shared/states) allows. Anywhere else this refuses what writes that column:
 *
 * - `.update(<table>).set({ <status>: ... })`, and a `.set(...)` of such a table whose columns it
 *   cannot see (a spread, a variable): spell the columns out;
 * - `updateRowsFrom(db, <table>, key, '<status>', ...)`, and `updateRows(db, <table>, ...)` with
 *   rows written in place that name the status;
 * - raw SQL `update ${<table>} set ... <status> = ...`.
 *
 * An INSERT is not a move: a row is created in its first status where rows are created (a trade
 * pending, a signal pending or approved, a leg sending or open, a protection placing; the demo's
 * seeds as they are). See docs/decisions/2026-12-07-one-door-for-every-status.md.
 */

/** The schema's table objects and their status column. */
const STATUS_COLUMNS = { trades: 'trade_status', signals: 'trade_status', orderLegs: 'state', protections: 'state' };

const tableOf = (node) => (node?.type === 'Identifier' && Object.hasOwn(STATUS_COLUMNS, node.name) ? node.name : null);

const keyName = (property) =>
  property.type === 'Property' && !property.computed
    ? property.key.type === 'Identifier'
      ? property.key.name
      : property.key.value
    : null;

/** Whether an object literal anywhere in `node` names `column` (rows built in place). */
function namesColumn(node, column) {
  if (!node || typeof node !== 'object') return false;
  if (node.type === 'ObjectExpression' && node.properties.some((p) => keyName(p) === column)) return true;
  return Object.entries(node).some(
    ([key, value]) =>
      key !== 'parent' &&
      (Array.isArray(value) ? value.some((v) => namesColumn(v, column)) : value?.type && namesColumn(value, column)),
  );
}

export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        'The status of trades, signals, order legs and protections is written only through src/server/states.',
    },
    messages: {
      status:
        'The status of {{table}} ({{column}}) is written only through src/server/states, whose guarded UPDATE moves it only as its table allows (src/shared/states): call its writer. Creating a row in its first status with .insert() is not a move and stays where rows are created.',
      unseen:
        'This .set() of {{table}} names columns the lint cannot see (a spread or a variable): spell them out, so that {{column}} is seen not to be among them (its writes go through src/server/states).',
    },
    schema: [],
  },
  create(context) {
    const report = (node, table, messageId = 'status') =>
      context.report({ node, messageId, data: { table, column: STATUS_COLUMNS[table] } });
    return {
      CallExpression(node) {
        const callee = node.callee;
        // db.update(table).set({...})
        if (callee.type === 'MemberExpression' && callee.property.name === 'set') {
          const update = callee.object;
          if (update.type !== 'CallExpression' || update.callee.type !== 'MemberExpression') return;
          if (update.callee.property.name !== 'update') return;
          const table = tableOf(update.arguments[0]);
          const set = node.arguments[0];
          if (!table || !set) return;
          if (set.type !== 'ObjectExpression' || set.properties.some((p) => p.type !== 'Property'))
            return report(set, table, 'unseen');
          const status = set.properties.find((p) => keyName(p) === STATUS_COLUMNS[table]);
          if (status) report(status, table);
          return;
        }
        // updateRowsFrom(db, table, key, 'status', rows) / updateRows(db, table, key, rows)
        if (callee.type !== 'Identifier') return;
        const table = tableOf(node.arguments[1]);
        if (!table) return;
        const column = STATUS_COLUMNS[table];
        if (callee.name === 'updateRowsFrom' && node.arguments[3]?.value === column) report(node, table);
        if (callee.name === 'updateRows' && namesColumn(node.arguments[3], column)) report(node, table);
      },
      // sql`update ${table} set ... status = ...`
      TaggedTemplateExpression(node) {
        const { quasis, expressions } = node.quasi;
        expressions.forEach((expression, i) => {
          const table = tableOf(expression);
          if (!table || !/\bupdate\s*$/i.test(quasis[i].value.raw)) return;
          const rest = quasis
            .slice(i + 1)
            .map((q) => q.value.raw)
            .join(' ');
          if (new RegExp(`\\bset\\b[\\s\\S]*\\b${STATUS_COLUMNS[table]}\\s*=`, 'i').test(rest)) report(node, table);
        });
      },
    };
  },
};
