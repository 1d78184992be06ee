/**
 * The admin inbox (beyond the spec): GET /api/admin/enquiries, GET|PUT /api/admin/workshops,
 * POST /api/admin/workshops/{id}, GET /api/admin/workshops/{id}/registrations. Superadmin only.
 */
import { Hono } from 'hono';
import { enquiriesQuerySchema, workshopBodySchema } from '@shared/schemas/admin/inbox';
import { requireSuperadmin, sessionUser } from '../../auth/guards';
import type { AppEnv } from '../../context';
import { STATUS } from '../../http/api-errors';
import { listEnquiries } from '../../services/inbox';
import {
  createWorkshop,
  listAdminWorkshops,
  listWorkshopRegistrations,
  updateWorkshop,
} from '../../services/workshops-admin';
import { jsonBody, pathIds, queryParams } from '../../http/validation';
import { notFound } from './params';

export function adminInboxRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/admin/enquiries', requireSuperadmin, queryParams(enquiriesQuerySchema), async (c) =>
    c.json(await listEnquiries(c.get('deps').db, c.req.valid('query'))),
  );

  routes.get('/admin/workshops', requireSuperadmin, async (c) => c.json(await listAdminWorkshops(c.get('deps').db)));

  routes.put('/admin/workshops', requireSuperadmin, jsonBody(workshopBodySchema), async (c) => {
    const body = c.req.valid('json');
    const workshop = await createWorkshop(c.get('deps').db, body);
    c.get('deps').log.info({ userId: sessionUser(c).id, workshopId: workshop.workshop_id }, 'workshop created');
    return c.json(workshop, STATUS.CREATED);
  });

  routes.post('/admin/workshops/:id', requireSuperadmin, pathIds('id'), jsonBody(workshopBodySchema), async (c) => {
    const { id: workshopId } = c.req.valid('param');
    const body = c.req.valid('json');
    const workshop = await updateWorkshop(c.get('deps').db, workshopId, body);
    if (!workshop) throw notFound('Workshop');
    c.get('deps').log.info({ userId: sessionUser(c).id, workshopId }, 'workshop updated');
    return c.json(workshop);
  });

  routes.get('/admin/workshops/:id/registrations', requireSuperadmin, pathIds('id'), async (c) => {
    const registrations = await listWorkshopRegistrations(c.get('deps').db, c.req.valid('param').id);
    if (!registrations) throw notFound('Workshop');
    return c.json(registrations);
  });

  return routes;
}
