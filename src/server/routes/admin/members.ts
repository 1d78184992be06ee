/**
 * Members and their logins (spec section 7): GET|PUT /api/members, POST /api/members/{id},
 * GET|POST /api/members/{id}/users, PUT /api/members/{id}/users/{userId}. Superadmin only;
 * passwords are write-only; a new user without one is mailed a set-password link.
 */
import { Hono } from 'hono';
import { memberBodySchema, membersQuerySchema, memberUserBodySchema } from '@shared/schemas/admin/members';
import { requireSuperadmin, sessionUser } from '../../auth/guards';
import { appNow, mailerOf, type AppEnv } from '../../context';
import { ownOrigin } from '../../security/request-info';
import { STATUS } from '../../http/api-errors';
import { createMemberUser, listMemberUsers, updateMemberUser } from '../../services/member-users';
import { createMember, listMembers, memberExists, updateMember } from '../../services/members';
import { jsonBody, pathIds, queryParams } from '../../http/validation';
import { notFound } from './params';

export function adminMemberRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/members', requireSuperadmin, queryParams(membersQuerySchema), async (c) =>
    c.json(await listMembers(c.get('deps').db, c.req.valid('query'))),
  );

  routes.put('/members', requireSuperadmin, jsonBody(memberBodySchema), async (c) => {
    const body = c.req.valid('json');
    const member = await createMember(c.get('deps').db, body);
    c.get('deps').log.info({ userId: sessionUser(c).id, memberId: member.trabot_client_id }, 'member created');
    return c.json(member, STATUS.CREATED);
  });

  routes.post('/members/:id', requireSuperadmin, pathIds('id'), jsonBody(memberBodySchema), async (c) => {
    const { id: memberId } = c.req.valid('param');
    const body = c.req.valid('json');
    const member = await updateMember(c.get('deps').db, memberId, body);
    if (!member) throw notFound('Member');
    c.get('deps').log.info({ userId: sessionUser(c).id, memberId }, 'member updated');
    return c.json(member);
  });

  routes.get('/members/:id/users', requireSuperadmin, pathIds('id'), async (c) => {
    const { id: memberId } = c.req.valid('param');
    const { db } = c.get('deps');
    if (!(await memberExists(db, memberId))) throw notFound('Member');
    return c.json(await listMemberUsers(db, memberId));
  });

  routes.post('/members/:id/users', requireSuperadmin, pathIds('id'), jsonBody(memberUserBodySchema), async (c) => {
    const { id: memberId } = c.req.valid('param');
    const body = c.req.valid('json');
    const deps = c.get('deps');
    const { db, log } = deps;
    if (!(await memberExists(db, memberId))) throw notFound('Member');
    const user = await createMemberUser(deps, memberId, body, {
      mailer: mailerOf(deps),
      siteOrigin: ownOrigin(c),
      now: appNow(deps),
    });
    log.info({ userId: sessionUser(c).id, memberId, createdUserId: user.id }, 'member user created');
    return c.json(user, STATUS.CREATED);
  });

  routes.put(
    '/members/:id/users/:userId',
    requireSuperadmin,
    pathIds('id', 'userId'),
    jsonBody(memberUserBodySchema),
    async (c) => {
      const { id: memberId, userId } = c.req.valid('param');
      const body = c.req.valid('json');
      const user = await updateMemberUser(c.get('deps').db, memberId, userId, body);
      if (!user) throw notFound('User of this member');
      c.get('deps').log.info(
        { userId: sessionUser(c).id, memberId, updatedUserId: userId, passwordChanged: Boolean(body.password) },
        'member user updated',
      );
      return c.json(user);
    },
  );

  return routes;
}
