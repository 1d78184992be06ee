import { describe, expect, it } from 'vitest';
import { HttpError, OfflineError } from '@client/lib/api';
import { decideCurrentUser, isUnreachable, type SessionEvidence } from '@client/features/session/lib/current-user';
import { adminRedirect, loginPageRedirect, returnPathAfterLogin } from '@client/features/session/lib/guards';
import type { SessionUser } from '@shared/schemas/session';

const member: SessionUser = {
  id: 7,
  name: 'Asha',
  email: 'asha@example.com',
  role: 'member',
  member_id: 1,
  account_id: 3,
};
const admin: SessionUser = { ...member, id: 1, name: 'Root', role: 'superadmin' };
const lastMember = { backendKey: 'b1', user: { id: 7, name: 'Asha', role: 'member' as const } };

const online = (response: SessionEvidence['response']): SessionEvidence => ({
  online: true,
  unreachable: false,
  response,
  lastUser: lastMember,
  hasCache: true,
});

describe('decideCurrentUser', () => {
  it('online, the server answer wins: a session is the user, "error" is nobody (even with a remembered user)', () => {
    expect(decideCurrentUser(online({ status: 'success', user: member }))).toEqual({
      user: { id: 7, name: 'Asha', role: 'member' },
      offline: false,
    });
    expect(decideCurrentUser(online({ status: 'error' }))).toBeNull();
    expect(decideCurrentUser(online(undefined))).toBeNull();
  });

  it('offline or unreachable, the remembered user gets in read-only only when their cache exists', () => {
    const offline: SessionEvidence = { online: false, unreachable: false, lastUser: lastMember, hasCache: true };
    expect(decideCurrentUser(offline)).toEqual({ user: lastMember.user, offline: true });
    expect(decideCurrentUser({ ...offline, online: true, unreachable: true })).toEqual({
      user: lastMember.user,
      offline: true,
    });
    expect(decideCurrentUser({ ...offline, hasCache: false })).toBeNull();
    expect(decideCurrentUser({ ...offline, lastUser: null })).toBeNull();
  });

  it('an old session answer does not count while offline', () => {
    expect(
      decideCurrentUser({
        online: false,
        unreachable: false,
        response: { status: 'success', user: admin },
        lastUser: null,
        hasCache: false,
      }),
    ).toBeNull();
  });
});

describe('isUnreachable', () => {
  it('is true for no connection and gateway errors, false for answers of the API', () => {
    expect(isUnreachable(new OfflineError())).toBe(true);
    expect(isUnreachable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isUnreachable(new HttpError(502, 'Bad gateway'))).toBe(true);
    expect(isUnreachable(new HttpError(504, ''))).toBe(true);
    expect(isUnreachable(new HttpError(401, '{}'))).toBe(false);
    expect(isUnreachable(new HttpError(500, '{}'))).toBe(false);
    expect(isUnreachable(new Error('boom'))).toBe(false);
  });
});

describe('route guards (spec section 2)', () => {
  const as = (user: SessionUser) => ({ user: { id: user.id, name: user.name, role: user.role }, offline: false });

  it('/login is for logged-out visitors: a user goes to /dashboard/trades', () => {
    expect(loginPageRedirect(null)).toBeNull();
    expect(loginPageRedirect(as(member))).toBe('/dashboard/trades');
    expect(loginPageRedirect({ ...as(member), offline: true })).toBe('/dashboard/trades');
  });

  it('/login with the page a visitor was sent from: a user goes back there', () => {
    expect(loginPageRedirect(null, '/dashboard/account-settings')).toBeNull();
    expect(loginPageRedirect(as(member), '/dashboard/account-settings')).toBe('/dashboard/account-settings');
  });

  it('the page to return to after login is a dashboard page of this site, search and hash kept', () => {
    expect(returnPathAfterLogin('/dashboard/account-settings')).toBe('/dashboard/account-settings');
    expect(returnPathAfterLogin('/dashboard/admin/algos/3/signals?status=pending#top')).toBe(
      '/dashboard/admin/algos/3/signals?status=pending#top',
    );
    expect(returnPathAfterLogin('/dashboard')).toBe('/dashboard');
    // The trades page is where login lands anyway: no parameter for it.
    expect(returnPathAfterLogin('/dashboard/trades')).toBeUndefined();
    expect(returnPathAfterLogin('/dashboard/trades?status=all')).toBe('/dashboard/trades?status=all');
  });

  it('never another site, nor a page outside the dashboard', () => {
    for (const value of [
      undefined,
      42,
      ['/dashboard/account-settings'],
      '',
      '/',
      '/login',
      '/dashboards',
      '/dashboard/../login',
      '//evil.example/dashboard',
      '/\\evil.example/dashboard',
      'https://evil.example/dashboard/trades',
      'javascript:alert(1)//dashboard',
      ' /dashboard/account-settings',
    ]) {
      expect(returnPathAfterLogin(value), String(value)).toBeUndefined();
    }
  });

  it('admin pages: superadmin passes, other roles go to /dashboard/trades, nobody to /login', () => {
    expect(adminRedirect(as(admin))).toBeNull();
    expect(adminRedirect(as(member))).toBe('/dashboard/trades');
    expect(adminRedirect(null)).toBe('/login');
  });
});
