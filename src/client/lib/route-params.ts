/**
 * Path parameters the routes parse (`params.parse`) so their components read them typed. A
 * record's id in a path is a positive whole number of up to 9 digits (the database's ids); any other
 * segment is a path without a page.
 */
import { notFound } from '@tanstack/react-router';

/** The id, or null for a segment that is not one. */
export function idFromPath(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** The id; a segment that is not one makes the path not found (the home page, spec section 2). */
export function requiredIdFromPath(value: string): number {
  const id = idFromPath(value);
  if (id === null) throw notFound();
  return id;
}

/** For `params.stringify`: the id as its path segment. */
export const idToPath = (id: number | null): string => String(id ?? '');
