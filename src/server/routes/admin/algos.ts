/**
 * Algos, their signals and the admin's manual orders (spec section 7, "Admin calls"):
 * GET /api/algos, POST /api/algos/{id}/switch, POST /api/algos/{id}/exchange-registration (the
 * exchange's Algo ID, issue 23), GET|PUT /api/algos/{id}/signals,
 * POST /api/signals/{id}/update, PUT /api/signals/{id}/manual-entry|manual-exit. Superadmin only.
 */
import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import {
  addSignalBodySchema,
  algoSwitchBodySchema,
  editLevelsBodySchema,
  exchangeRegistrationBodySchema,
  editLevelsSchemaFor,
  manualEntryBodySchema,
  manualExitBodySchema,
  signalsQuerySchema,
} from '@shared/schemas/admin/algos';
import { requireSuperadmin, sessionUser } from '../../auth/guards';
import { clockOf, type AppEnv } from '../../context';
import { parseWith, STATUS } from '../../http/api-errors';
import { algoExists, getAlgo, listAlgos, setExchangeAlgoId, switchAlgo } from '../../services/algos';
import { queueManualOrder } from '../../services/manual-orders';
import { addSignal, editSignalLevels, getSignal, listSignals } from '../../services/signals';
import { jsonBody, pathIds, queryParams } from '../../http/validation';
import { notFound } from './params';

type ManualOrderBody = z.infer<typeof manualEntryBodySchema> | z.infer<typeof manualExitBodySchema>;

async function manualOrder(c: Context<AppEnv>, side: 'entry' | 'exit', signalId: number, body: ManualOrderBody) {
  const user = sessionUser(c);
  const { db, log } = c.get('deps');
  const order = await queueManualOrder(db, { signalId, side, body, user });
  if (!order) throw notFound('Signal');
  log.info(
    { userId: user.id, signalId, manualOrderId: order.id, side, order_type: order.order_type, portion: order.portion },
    'manual order queued',
  );
  c.get('deps').engine?.wake();
  return c.json(order, STATUS.CREATED);
}

export function adminAlgoRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/algos', requireSuperadmin, async (c) => {
    const { db, env } = c.get('deps');
    return c.json(await listAlgos(db, env.ALGO_TESTERS_MAX));
  });

  routes.post('/algos/:id/switch', requireSuperadmin, pathIds('id'), jsonBody(algoSwitchBodySchema), async (c) => {
    const { id: algoId } = c.req.valid('param');
    const { algo_switch } = c.req.valid('json');
    const algo = await switchAlgo(c.get('deps').db, algoId, algo_switch);
    if (!algo) throw notFound('Algo');
    c.get('deps').log.info({ userId: sessionUser(c).id, algoId, algo_switch }, 'algo switched');
    c.get('deps').engine?.wake();
    return c.json(algo);
  });

  routes.post(
    '/algos/:id/exchange-registration',
    requireSuperadmin,
    pathIds('id'),
    jsonBody(exchangeRegistrationBodySchema),
    async (c) => {
      const { id: algoId } = c.req.valid('param');
      const { exchange_algo_id } = c.req.valid('json');
      const algo = await setExchangeAlgoId(c.get('deps').db, algoId, exchange_algo_id);
      if (!algo) throw notFound('Algo');
      c.get('deps').log.info({ userId: sessionUser(c).id, algoId, exchange_algo_id }, 'algo exchange Algo ID set');
      c.get('deps').engine?.wake();
      return c.json(algo);
    },
  );

  routes.get('/algos/:id/signals', requireSuperadmin, pathIds('id'), queryParams(signalsQuerySchema), async (c) => {
    const { id: algoId } = c.req.valid('param');
    const { status } = c.req.valid('query');
    const { db } = c.get('deps');
    if (!(await algoExists(db, algoId))) throw notFound('Algo');
    return c.json(await listSignals(db, algoId, status));
  });

  routes.put(
    '/algos/:algoId/signals',
    requireSuperadmin,
    pathIds('algoId'),
    jsonBody(addSignalBodySchema),
    async (c) => {
      const { algoId } = c.req.valid('param');
      const body = c.req.valid('json');
      const deps = c.get('deps');
      const { db, log, notifier } = deps;
      const algo = await getAlgo(db, algoId);
      if (!algo) throw notFound('Algo');
      const user = sessionUser(c);
      const { signal } = await addSignal(db, algo, body, { user }, clockOf(deps)());
      log.info(
        { userId: user.id, algoId, signalId: signal.signal_id, symbol: signal.instrument_symbol },
        'signal added',
      );
      notifier?.signalPending(signal, algo.algo_desc);
      c.get('deps').engine?.wake();
      return c.json(signal, STATUS.CREATED);
    },
  );

  routes.post(
    '/signals/:signalId/update',
    requireSuperadmin,
    pathIds('signalId'),
    jsonBody(editLevelsBodySchema),
    async (c) => {
      const { signalId } = c.req.valid('param');
      const { db } = c.get('deps');
      const typed = c.req.valid('json');
      const current = await getSignal(db, signalId);
      if (!current) throw notFound('Signal');
      // The levels' sides depend on the stored signal's direction.
      const body = parseWith(editLevelsSchemaFor(current.trade_direction), typed, 'body');
      const user = sessionUser(c);
      const signal = await editSignalLevels(db, signalId, body, user);
      if (!signal) throw notFound('Signal');
      c.get('deps').log.info(
        { userId: user.id, signalId, trade_status: signal.trade_status, process: signal.algo_process_ind },
        'signal levels edited',
      );
      // An approval (or a cancel) is acted on at once, not at the next tick.
      c.get('deps').engine?.wake();
      return c.json(signal);
    },
  );

  routes.put(
    '/signals/:signalId/manual-entry',
    requireSuperadmin,
    pathIds('signalId'),
    jsonBody(manualEntryBodySchema),
    (c) => manualOrder(c, 'entry', c.req.valid('param').signalId, c.req.valid('json')),
  );
  routes.put(
    '/signals/:signalId/manual-exit',
    requireSuperadmin,
    pathIds('signalId'),
    jsonBody(manualExitBodySchema),
    (c) => manualOrder(c, 'exit', c.req.valid('param').signalId, c.req.valid('json')),
  );

  return routes;
}
