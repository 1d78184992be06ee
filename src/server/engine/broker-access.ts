/** An account's broker as the engine calls it: the adapter its broker_name selects and its credentials, the key decrypted for the call. */
import type { EngineContext, AccountRow } from './engine-deps';
import type { BrokerAdapter, BrokerCredentials } from '../brokers/adapter';
import { adapterOfTrade, selectAdapter } from '../brokers/select-adapter';
import type { OrderRoute } from '../brokers/order-route';
import { accountOrderRoute } from '../records/order-sources';

export interface AccountBroker {
  adapter: BrokerAdapter;
  credentials: BrokerCredentials;
}

/**
 * The account's broker for a new trade (as it trades now), or for an existing trade the broker it
 * opened on (`tradeBroker`). An unreadable key is an empty (invalid) one, logged; the order route
 * is the account's override opened and checked again (records/order-sources.ts), when an order is
 * sent (an unreadable override is logged then).
 */
export function brokerOf(
  ctx: Pick<EngineContext, 'deps' | 'paper'>,
  account: AccountRow,
  tradeBroker?: string,
): AccountBroker {
  const adapter =
    tradeBroker === undefined
      ? selectAdapter(account, ctx.deps.env, ctx.paper).adapter
      : adapterOfTrade(tradeBroker, ctx.deps.env, ctx.paper);
  let accessKey = '';
  try {
    accessKey = account.broker_access_key_enc ? ctx.deps.secrets.decrypt(account.broker_access_key_enc) : '';
  } catch (err) {
    ctx.deps.log.error({ err, accountId: account.trabot_account_id }, 'engine: broker access key cannot be decrypted');
  }
  // Opened on first read, once: adapters read it only to send an order, and most calls are reads.
  let orderRoute: OrderRoute | undefined;
  return {
    adapter,
    credentials: {
      clientId: account.broker_client_id,
      accessKey,
      get orderRoute() {
        return (orderRoute ??= accountOrderRoute(ctx.deps, account));
      },
    },
  };
}
