/**
 * POST /api/hooks/signals: signals sent by the algos' own code (strategy servers, TradingView,
 * Amibroker, Python). Authenticated by a webhook token, as `Authorization: Bearer <token>` or, for
 * senders that cannot set headers, a `token` field in the JSON body; no session, no origin check
 * (no browser sends it). Order of answers: 401 (token) before 429 (rate) before 400 (body), so a
 * stranger learns nothing about the body's rules. The same client_signal_id again is the same
 * signal: 200 with it, nothing created.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { MSG } from '@shared/messages';
import { addSignalBodySchema } from '@shared/schemas/admin/algos';
import { webhookSignalBodySchema } from '@shared/schemas/admin/signal-approvals';
import { clockOf, type AppEnv } from '../context';
import { ApiError, parseWith, STATUS } from '../http/api-errors';
import { hit } from '../security/rate-limit';
import { getAlgo } from '../services/algos';
import { addSignal } from '../services/signals';
import { useWebhookToken } from '../services/webhook-tokens';
import { jsonBody } from '../http/validation';
import { istDay } from '@shared/ist';

export const WEBHOOK_PATH = '/api/hooks/signals';
/** Signals one token may send per minute; an algo that sends more is broken or looping. */
export const WEBHOOK_LIMIT_PER_MINUTE = 60;
const MINUTE_MS = 60_000;

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

export function hookRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // Any JSON here (checked for NUL characters): its rules are applied after the token and the rate.
  routes.post('/hooks/signals', jsonBody(z.unknown()), async (c) => {
    const { db, log, engine, notifier } = c.get('deps');
    const raw = c.req.valid('json');
    const fields =
      raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    const token =
      bearerToken(c.req.header('authorization')) ?? (typeof fields.token === 'string' ? fields.token : undefined);
    const sender = token ? await useWebhookToken(db, token) : null;
    if (!sender) throw new ApiError(STATUS.UNAUTHORIZED, MSG.webhookUnauthorized);

    const rate = await hit(db, `hook:${sender.token_id}`, MINUTE_MS);
    if (rate.count > WEBHOOK_LIMIT_PER_MINUTE) {
      c.header('Retry-After', String(rate.retryAfterSeconds));
      throw new ApiError(
        STATUS.TOO_MANY_REQUESTS,
        `Too many signals: at most ${WEBHOOK_LIMIT_PER_MINUTE} a minute per token`,
      );
    }

    const sent = parseWith(webhookSignalBodySchema, raw, 'body');
    const now = clockOf(c.get('deps'))();
    const body = parseWith(
      addSignalBodySchema,
      {
        trade_gen_ts: sent.trade_gen_ts ?? istDay(now),
        exchange: 'NSE',
        instrument_symbol: sent.instrument_symbol,
        instrument_type: sent.instrument_type,
        trade_direction: sent.trade_direction,
        trade_type: sent.trade_type,
        entry_level: sent.entry_level,
        stop_loss_level: sent.stop_loss_level,
        target_level: sent.target_level,
        risk_reward: null,
        portion_in_trade: sent.portion_in_trade,
        process_signal: false,
      },
      'body',
    );
    const algo = await getAlgo(db, sender.algo_id);
    if (!algo) throw new ApiError(STATUS.UNAUTHORIZED, MSG.webhookUnauthorized);
    const { signal, created } = await addSignal(
      db,
      algo,
      body,
      {
        webhook: {
          tokenId: sender.token_id,
          clientSignalId: sent.client_signal_id,
          autoApprove: algo.approval_mode === 'auto',
        },
      },
      now,
    );
    const answer = { signal_id: signal.signal_id, trade_status: signal.trade_status };
    if (!created) return c.json(answer, STATUS.OK);
    log.info(
      {
        tokenId: sender.token_id,
        algoId: algo.algo_id,
        signalId: signal.signal_id,
        clientSignalId: sent.client_signal_id,
        status: signal.trade_status,
      },
      'signal received by webhook',
    );
    if (signal.trade_status === 'approved') engine?.wake();
    else notifier?.signalPending(signal, algo.algo_desc);
    return c.json(answer, STATUS.CREATED);
  });

  return routes;
}
