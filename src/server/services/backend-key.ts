/**
 * The backend key: a public, stable, random identifier of this backend's database. The client keys
 * its persisted offline cache by it, so a reset database or another backend never shows data cached
 * from a different one. Not a secret. Created on first use, race-free across replicas.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema';

const SETTING = 'backend_key';

export async function getBackendKey(db: Db): Promise<string> {
  await db.insert(appSettings).values({ key: SETTING, value: randomUUID() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SETTING));
  if (!row) throw new Error('backend key missing after insert');
  return row.value;
}
