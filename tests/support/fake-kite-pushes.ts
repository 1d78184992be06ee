/**
 * The fake Kite's order pushes, as Kite documents them:
 *
 * - **Postbacks** (https://kite.trade/docs/connect/v3/postbacks/): when an order placed with the
 *   app's api_key changes status to COMPLETE, CANCELLED or REJECTED, or an open order is modified
 *   or partly filled (status `UPDATE`), Kite POSTs the whole order as a raw JSON body to the app's
 *   postback URL, with `user_id`, `app_id` and `checksum` = hex SHA-256 of order_id +
 *   order_timestamp + api_secret. Kite gives the endpoint 2-3 s and does not wait for it.
 * - **Websocket order updates** (https://kite.trade/docs/connect/v3/websocket/#postbacks-and-non-binary-updates):
 *   the same payload as a text message `{"type": "order", "data": ...}` on every ticker connection
 *   of the order's user, with a blank checksum (Kite forum, discussion 6808).
 *
 * Controls let a test lose pushes (neither posted nor streamed), see what was sent, and send a
 * payload again (a repeat, or an earlier state of the order: an update arriving out of order).
 */
import { createHash } from 'node:crypto';
import type { KiteOrderRecord } from './fake-kite';

export type KitePostback = Record<string, unknown> & { order_id: string; status: string; checksum: string };

export interface KitePushes {
  /** The postback URL set on the app in Kite's developer console; null: none. */
  setPostbackUrl(url: string | null): void;
  /** While true, order updates are lost: neither posted nor streamed. */
  losePushes(lost: boolean): void;
  /** Every postback payload sent (or that would have been, when lost), in order. */
  postbacks: KitePostback[];
  /** The postback of an order record (the order now, or an earlier entry of its history). */
  postbackOf(order: KiteOrderRecord): KitePostback;
  /** Posts a payload to the postback URL; answers the app's status. */
  post(payload: KitePostback): Promise<number>;
  /** Resolves once every postback in flight has been answered. */
  settled(): Promise<void>;
}

/** The statuses that end an order: each is posted once. */
const FINAL = new Set(['COMPLETE', 'CANCELLED', 'REJECTED']);

/**
 * Pushes for one fake Kite: `changed(order, before)` is called with every new history entry of an
 * order; `stream(user, text)` sends a text message on the user's ticker connections.
 */
export function kitePushes(options: {
  apiSecret: string;
  appId: number;
  stream(user: string, text: string): void;
}): KitePushes & { changed(order: KiteOrderRecord, before: KiteOrderRecord | undefined): void } {
  let url: string | null = null;
  let lost = false;
  const postbacks: KitePostback[] = [];
  const inFlight = new Set<Promise<unknown>>();

  const postbackOf = (o: KiteOrderRecord, status = o.status): KitePostback => ({
    user_id: o.placed_by,
    unfilled_quantity: 0,
    app_id: options.appId,
    checksum: createHash('sha256')
      .update(o.order_id + o.order_timestamp + options.apiSecret)
      .digest('hex'),
    placed_by: o.placed_by,
    order_id: o.order_id,
    exchange_order_id: o.exchange_order_id,
    parent_order_id: null,
    status,
    status_message: o.status_message,
    status_message_raw: o.status_message,
    order_timestamp: o.order_timestamp,
    exchange_update_timestamp: o.exchange_update_timestamp,
    exchange_timestamp: o.exchange_timestamp,
    variety: o.variety,
    exchange: o.exchange,
    tradingsymbol: o.tradingsymbol,
    order_type: o.order_type,
    transaction_type: o.transaction_type,
    validity: o.validity,
    product: o.product,
    quantity: o.quantity,
    disclosed_quantity: 0,
    price: o.price,
    trigger_price: o.trigger_price,
    average_price: o.average_price,
    filled_quantity: o.filled_quantity,
    pending_quantity: o.pending_quantity,
    cancelled_quantity: o.status === 'CANCELLED' ? o.pending_quantity : 0,
    market_protection: 0,
    meta: {},
    tag: o.tag,
    guid: `${o.order_id}-${o.filled_quantity}-${status}`,
  });

  const post = (payload: KitePostback): Promise<number> => {
    if (!url) return Promise.resolve(0);
    const sent = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    })
      .then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      })
      .catch(() => 0);
    inFlight.add(sent);
    void sent.finally(() => inFlight.delete(sent));
    return sent;
  };

  return {
    setPostbackUrl: (value) => void (url = value),
    losePushes: (value) => void (lost = value),
    postbacks,
    postbackOf: (o) => postbackOf(o),
    post,
    async settled() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    changed(o, before) {
      const status = FINAL.has(o.status)
        ? before?.status === o.status
          ? null
          : o.status
        : o.status === 'OPEN' &&
            before !== undefined &&
            before.status === 'OPEN' &&
            (before.filled_quantity !== o.filled_quantity || before.price !== o.price || before.quantity !== o.quantity)
          ? 'UPDATE'
          : null;
      if (!status) return;
      const payload = postbackOf(o, status);
      postbacks.push(payload);
      if (lost) return;
      void post(payload);
      options.stream(o.placed_by, JSON.stringify({ type: 'order', data: { ...payload, checksum: '' } }));
    },
  };
}
