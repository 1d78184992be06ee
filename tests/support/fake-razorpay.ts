/**
 * A local Razorpay on loopback speaking its documented wire format
 * (https://razorpay.com/docs/api/payments/payment-links/): POST /v1/payment_links with HTTP basic auth
 * key_id:key_secret answers the payment link entity, and refuses a reference_id used before (400);
 * GET /v1/payment_links?reference_id= lists `{"payment_links":[...]}`; GET /v1/payment_links/{id}
 * reads one; POST /v1/payment_links/{id}/cancel cancels a link in the created state (400 otherwise);
 * GET /v1/payments/{id} reads a payment; refusals are
 * `{"error":{"code":"BAD_REQUEST_ERROR","description":...}}` (401 for a wrong key; an unknown id is
 * 400 "The id provided does not exist"). See docs/decisions/2026-12-07-razorpay-links-confirmed.md. A link's
 * short_url opens a checkout page here whose "Pay" button pays it; paying (there or with `pay`)
 * sends the signed `payment_link.paid` webhook as Razorpay does: the raw JSON body, its hex
 * HMAC-SHA256 with the webhook secret in X-Razorpay-Signature, the event id in x-razorpay-event-id.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeLink {
  id: string;
  amount: number;
  amount_paid: number;
  currency: string;
  accept_partial: boolean;
  description: string;
  reference_id: string;
  customer: { name?: string; email?: string; contact?: string };
  notes: Record<string, string>;
  notify: { sms: boolean; email: boolean };
  reminder_enable: boolean;
  expire_by: number;
  expired_at: number;
  cancelled_at: number;
  created_at: number;
  updated_at: number;
  short_url: string;
  status: 'created' | 'paid' | 'cancelled' | 'expired';
  order_id?: string;
  payments: { payment_id: string; amount: number; status: string; method: string; created_at: number }[] | null;
  callback_url: string;
  callback_method: string;
  upi_link: boolean;
  user_id: string;
  first_min_partial_amount: number;
  reminders: unknown[];
}

export interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured';
  order_id: string;
  method: string;
  captured: boolean;
  description: string;
  email: string;
  contact: string;
  notes: Record<string, string>;
  fee: number;
  tax: number;
  created_at: number;
}

/** The calls a test can make fail once: create, list by reference, cancel, fetch a link, fetch a payment. */
export type FakeOperation = 'create' | 'find' | 'cancel' | 'fetch_link' | 'fetch_payment';

export interface SignedWebhook {
  raw: string;
  headers: Record<string, string>;
}

export interface FakeRazorpay {
  root: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  links: Map<string, FakeLink>;
  payments: Map<string, FakePayment>;
  /** Every API call as `METHOD path` (without the query), in order. */
  calls: string[];
  /** Where paid webhooks go (the server's /api/payments/razorpay/webhook). */
  setWebhookUrl(url: string): void;
  /** Replaces sending over HTTP (the API tests hand the webhook to the in-process app). */
  deliver: ((hook: SignedWebhook) => Promise<unknown>) | null;
  /** Pays the link: marks it paid and sends the signed payment_link.paid webhook; returns what was sent. */
  pay(linkId: string): Promise<SignedWebhook>;
  /** Refuses the next create with this status and error (a Razorpay outage, a bad request). */
  failNextCreate(status: number, code: string, description: string): void;
  /** Refuses the next call of this kind (naming this id, when given) with this status and error. */
  failNext(operation: FakeOperation, status: number, code: string, description: string, id?: string): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;
const seconds = () => Math.floor(Date.now() / 1000);

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
const refuse = (res: ServerResponse, status: number, code: string, description: string, field: string | null = null) =>
  send(res, status, {
    error: {
      code,
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      field,
    },
  });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  const keyId = `rzp_test_${randomBytes(6).toString('hex')}`;
  const keySecret = randomBytes(12).toString('hex');
  const webhookSecret = randomBytes(12).toString('hex');
  const links = new Map<string, FakeLink>();
  const payments = new Map<string, FakePayment>();
  const calls: string[] = [];
  let webhookUrl: string | null = null;
  /** Failures to answer once, by operation, or by `operation id` for a call naming that id. */
  const failures = new Map<string, { status: number; code: string; description: string }>();
  const failure = (operation: FakeOperation, id?: string) => {
    const key = [`${operation} ${id}`, operation].find((k) => failures.has(k));
    const f = key === undefined ? undefined : failures.get(key);
    if (key !== undefined) failures.delete(key);
    return f;
  };
  let root = '';

  const signed = (body: unknown): SignedWebhook => {
    const raw = JSON.stringify(body);
    return {
      raw,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', webhookSecret).update(raw).digest('hex'),
        'x-razorpay-event-id': `${id('evt').slice(4)}`,
      },
    };
  };

  const fake: FakeRazorpay = {
    root: '',
    keyId,
    keySecret,
    webhookSecret,
    links,
    payments,
    calls,
    deliver: null,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    failNextCreate(status, code, description) {
      failures.set('create', { status, code, description });
    },
    failNext(operation, status, code, description, id) {
      failures.set(id === undefined ? operation : `${operation} ${id}`, { status, code, description });
    },
    async pay(linkId) {
      const link = links.get(linkId);
      if (!link) throw new Error(`no payment link ${linkId}`);
      if (link.status !== 'created') throw new Error(`payment link ${linkId} is ${link.status}`);
      const paymentId = id('pay');
      const orderId = id('order');
      const now = seconds();
      link.status = 'paid';
      link.amount_paid = link.amount;
      link.updated_at = now;
      link.order_id = orderId;
      link.payments = [
        { payment_id: paymentId, amount: link.amount, status: 'captured', method: 'upi', created_at: now },
      ];
      const payment: FakePayment = {
        id: paymentId,
        entity: 'payment',
        amount: link.amount,
        currency: link.currency,
        status: 'captured',
        order_id: orderId,
        method: 'upi',
        captured: true,
        description: link.description,
        email: link.customer.email ?? '',
        contact: link.customer.contact ?? '',
        notes: link.notes,
        fee: Math.round(link.amount * 0.02),
        tax: Math.round(link.amount * 0.0036),
        created_at: now,
      };
      payments.set(paymentId, payment);
      const hook = signed({
        entity: 'event',
        account_id: 'acc_FakeTrabot0001',
        event: 'payment_link.paid',
        contains: ['payment_link', 'order', 'payment'],
        payload: {
          payment_link: { entity: { ...link, order_id: orderId } },
          order: {
            entity: {
              id: orderId,
              entity: 'order',
              amount: link.amount,
              amount_paid: link.amount,
              amount_due: 0,
              currency: link.currency,
              receipt: link.reference_id,
              status: 'paid',
              notes: link.notes,
              created_at: link.created_at,
            },
          },
          payment: { entity: payment },
        },
        created_at: now,
      });
      if (fake.deliver) await fake.deliver(hook);
      else if (webhookUrl) {
        const res = await fetch(webhookUrl, { method: 'POST', headers: hook.headers, body: hook.raw });
        await res.arrayBuffer();
      }
      return hook;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const authorised = (req: IncomingMessage) => {
    const match = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!match) return false;
    return Buffer.from(match[1]!, 'base64').toString('utf8') === `${keyId}:${keySecret}`;
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', root);
    const checkout = /^\/i\/([A-Za-z0-9]+)(\/pay)?$/.exec(url.pathname);
    if (checkout) {
      const link = [...links.values()].find((l) => l.short_url.endsWith(`/i/${checkout[1]}`));
      if (!link) return refuse(res, 404, 'BAD_REQUEST_ERROR', 'The requested URL was not found on the server.');
      if (checkout[2] && req.method === 'POST') {
        await readBody(req);
        if (link.status === 'created') await fake.pay(link.id);
      }
      const amount = `${link.currency} ${(link.amount / 100).toFixed(2)}`;
      const html =
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
        `<title>Razorpay: ${escape(link.description)}</title></head><body><h1>${escape(link.description)}</h1>` +
        `<p>Amount: ${escape(amount)}</p>` +
        (link.status === 'paid'
          ? '<p role="status">Payment successful</p>'
          : `<form method="post" action="/i/${checkout[1]}/pay"><button type="submit">Pay ${escape(amount)}</button></form>`) +
        '</body></html>';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(html);
    }
    if (!url.pathname.startsWith('/v1/'))
      return refuse(res, 404, 'BAD_REQUEST_ERROR', 'The requested URL was not found on the server.');
    if (!authorised(req)) return refuse(res, 401, 'BAD_REQUEST_ERROR', 'The api key provided is invalid');
    calls.push(`${req.method} ${url.pathname}`);
    const unknownId = () => refuse(res, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
    const failWith = (operation: FakeOperation, id?: string) => {
      const f = failure(operation, id);
      if (f) refuse(res, f.status, f.code, f.description);
      return f !== undefined;
    };
    if (req.method === 'GET' && url.pathname === '/v1/payment_links') {
      if (failWith('find')) return;
      const reference = url.searchParams.get('reference_id');
      const listed = [...links.values()].filter((l) => reference === null || l.reference_id === reference);
      return send(res, 200, { payment_links: listed.reverse() });
    }
    const cancel = /^\/v1\/payment_links\/([A-Za-z0-9_]+)\/cancel$/.exec(url.pathname);
    if (req.method === 'POST' && cancel) {
      await readBody(req);
      if (failWith('cancel', cancel[1])) return;
      const link = links.get(cancel[1]!);
      if (!link) return unknownId();
      if (link.status !== 'created') {
        return refuse(res, 400, 'BAD_REQUEST_ERROR', `Payment Link cannot be cancelled as it is ${link.status}`);
      }
      link.status = 'cancelled';
      link.cancelled_at = link.updated_at = seconds();
      return send(res, 200, link);
    }
    const payment = /^\/v1\/payments\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (req.method === 'GET' && payment) {
      if (failWith('fetch_payment', payment[1])) return;
      const found = payments.get(payment[1]!);
      return found ? send(res, 200, found) : unknownId();
    }
    if (req.method === 'POST' && url.pathname === '/v1/payment_links') {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      } catch {
        return refuse(res, 400, 'BAD_REQUEST_ERROR', 'The request body is not valid JSON');
      }
      if (failWith('create')) return;
      const amount = body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
        return refuse(res, 400, 'BAD_REQUEST_ERROR', 'The amount must be atleast INR 1.00');
      }
      const currency = typeof body.currency === 'string' ? body.currency : 'INR';
      if (!['INR', 'USD'].includes(currency)) return refuse(res, 400, 'BAD_REQUEST_ERROR', 'The currency is invalid');
      const reference = typeof body.reference_id === 'string' ? body.reference_id : '';
      if (reference && [...links.values()].some((l) => l.reference_id === reference)) {
        return refuse(
          res,
          400,
          'BAD_REQUEST_ERROR',
          `Payment Link with reference id ${reference} already exists`,
          'reference_id',
        );
      }
      const notes = (body.notes ?? {}) as Record<string, string>;
      if (Object.keys(notes).length > 15)
        return refuse(res, 400, 'BAD_REQUEST_ERROR', 'notes must have at most 15 keys');
      const now = seconds();
      const code = randomBytes(5).toString('hex');
      const link: FakeLink = {
        id: id('plink'),
        amount,
        amount_paid: 0,
        currency,
        accept_partial: body.accept_partial === true,
        description: typeof body.description === 'string' ? body.description : '',
        reference_id: reference,
        customer: (body.customer ?? {}) as FakeLink['customer'],
        notes,
        notify: (body.notify ?? { sms: true, email: true }) as FakeLink['notify'],
        reminder_enable: body.reminder_enable !== false,
        expire_by: typeof body.expire_by === 'number' ? body.expire_by : 0,
        expired_at: 0,
        cancelled_at: 0,
        created_at: now,
        updated_at: now,
        short_url: `${root}/i/${code}`,
        status: 'created',
        payments: null,
        callback_url: '',
        callback_method: '',
        upi_link: false,
        user_id: '',
        first_min_partial_amount: 0,
        reminders: [],
      };
      links.set(link.id, link);
      return send(res, 200, link);
    }
    const read = /^\/v1\/payment_links\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (req.method === 'GET' && read) {
      if (failWith('fetch_link', read[1])) return;
      const link = links.get(read[1]!);
      return link ? send(res, 200, link) : unknownId();
    }
    return refuse(res, 404, 'BAD_REQUEST_ERROR', 'The requested URL was not found on the server.');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.root = root;
  return fake;
}
