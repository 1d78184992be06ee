/**
 * The last user who logged in on this browser, kept in localStorage next to their offline cache
 * (`{backendKey, user: {id, name, role}}`) so the member pages can open read-only while offline.
 * Cleared on logout. A tiny external store: the header re-renders when it changes (also across tabs).
 */
import { ROLES, type Role } from '@shared/constants';
import type { SessionUser } from '@shared/schemas/session';
import { cacheStorageKey } from '@client/lib/query-persistence';
import { storage } from '@client/lib/storage';

export type AuthUser = Pick<SessionUser, 'id' | 'name' | 'role'>;
export interface LastUser {
  backendKey: string;
  user: AuthUser;
}

export const LAST_USER_STORAGE_KEY = 'trabot-last-user';

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: LastUser | null } = { raw: null, value: null };

/** What localStorage holds under a key: any JSON (another version's, or edited by hand). */
type Stored<T> = { [K in keyof T]?: unknown };

const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

export function parseLastUser(raw: string | null): LastUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { backendKey, user } = value as Stored<LastUser>;
    if (typeof backendKey !== 'string' || !backendKey || typeof user !== 'object' || user === null) return null;
    const { id, name, role } = user as Stored<AuthUser>;
    if (typeof id !== 'number' || !Number.isInteger(id) || typeof name !== 'string' || !isRole(role)) return null;
    return { backendKey, user: { id, name, role } };
  } catch {
    return null;
  }
}

export function readLastUser(): LastUser | null {
  const raw = storage()?.getItem(LAST_USER_STORAGE_KEY) ?? null;
  if (raw !== cached.raw) cached = { raw, value: parseLastUser(raw) };
  return cached.value;
}

function emit() {
  for (const listener of listeners) listener();
}

export function rememberLastUser(lastUser: LastUser): void {
  storage()?.setItem(LAST_USER_STORAGE_KEY, JSON.stringify(lastUser));
  emit();
}

export function forgetLastUser(): void {
  storage()?.removeItem(LAST_USER_STORAGE_KEY);
  emit();
}

export function lastUserCacheKey(lastUser: LastUser): string {
  return cacheStorageKey(lastUser.backendKey, lastUser.user.id);
}

export function subscribeLastUser(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === LAST_USER_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
