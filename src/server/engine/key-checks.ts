/**
 * Before an account trades, its broker is asked whether its key is valid (recorded on the account)
 * and a broker session is kept for it in Tokens ("paper.session_token (account 3)"), opened when
 * none is current. A live account whose session of the day is current (the daily login checked it
 * with a funds call) is not asked again: real brokers limit the calls, and an order on a session
 * that has died is refused with the broker's words anyway. For a whole batch of accounts: broker
 * calls bounded, four statements.
 */
import { updateRows } from '../db/bulk';
import { accounts } from '../db/schema';
import { liveTokenNames, setTokens, tokenName, type TokenInput } from '../records/tokens';
import { raiseWarnings } from '../records/warnings';
import { brokerOf } from './broker-access';
import { mapBounded } from './bounded';
import type { AccountRow, EngineContext } from './engine-deps';

/** Per account id: true or false as its broker answered, null when the broker could not be asked. */
export type KeyStates = Map<number, boolean | null>;

export async function checkKeys(ctx: EngineContext, rows: readonly AccountRow[], now: Date): Promise<KeyStates> {
  const { deps, settings } = ctx;
  const brokers = rows.map((account) => ({ account, ...brokerOf(ctx, account) }));
  const sessionOf = (b: (typeof brokers)[number]) =>
    tokenName(`${b.adapter.name}.session_token`, b.account.trabot_account_id);
  const liveSessions = await liveTokenNames(deps, brokers.filter((b) => b.adapter !== ctx.paper).map(sessionOf), now);
  const trusted = brokers.filter((b) => liveSessions.has(sessionOf(b)));
  const checked = await mapBounded(
    brokers.filter((b) => !liveSessions.has(sessionOf(b))),
    settings.brokerConcurrency,
    async (broker) => {
      const { account } = broker;
      try {
        return { ...broker, valid: await broker.adapter.validateAccessKey(broker.credentials) };
      } catch (err) {
        deps.log.error({ err, accountId: account.trabot_account_id }, 'engine: broker key check failed');
        return { ...broker, valid: null };
      }
    },
  );
  const answered = checked.filter((c) => c.valid !== null);
  await updateRows(
    deps.db,
    accounts,
    'trabot_account_id',
    answered.map((c) => ({
      trabot_account_id: c.account.trabot_account_id,
      access_key_valid: c.valid,
      access_key_updated_timestamp: now,
    })),
  );

  const valid = answered
    .filter((c) => c.valid)
    .map((c) => ({ ...c, name: `${c.adapter.name}.session_token`, accountId: c.account.trabot_account_id }));
  const live = await liveTokenNames(
    deps,
    valid.map((v) => tokenName(v.name, v.accountId)),
    now,
  );
  const failures: { message: string; data: Record<string, unknown> }[] = [];
  const opened = await mapBounded(
    valid.filter((v) => !live.has(tokenName(v.name, v.accountId))),
    settings.brokerConcurrency,
    async (v): Promise<TokenInput | null> => {
      try {
        const session = await v.adapter.openSession(v.credentials);
        deps.log.info(
          { accountId: v.accountId, broker: v.adapter.name, expiresAt: session.expiresAt },
          'engine: broker session opened',
        );
        return { name: v.name, accountId: v.accountId, value: session.token, expiresAt: session.expiresAt };
      } catch (err) {
        deps.log.error(
          { err, accountId: v.accountId, broker: v.adapter.name },
          'engine: broker session could not be opened',
        );
        const message = `No ${v.adapter.name} session for account ${v.accountId}: ${err instanceof Error ? err.message : String(err)}`;
        if (!ctx.warnedOnce(message)) failures.push({ message, data: { trabot_account_id: v.accountId } });
        return null;
      }
    },
  );
  await setTokens(
    deps,
    opened.filter((t) => t !== null),
  );
  await raiseWarnings(deps.db, failures);
  return new Map([
    ...trusted.map((t) => [t.account.trabot_account_id, true] as const),
    ...checked.map((c) => [c.account.trabot_account_id, c.valid] as const),
  ]);
}
