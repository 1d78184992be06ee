/**
 * Path parameters the routes parse (`params.parse`) so their components read them typed. A
 * record's id in a path is a positive whole number of up to 9 digits (the database's ids); any other
 * segment is a path without a page.
 */

/** The id, or null for a segment that is not one. */
export function idFromPath(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * For `params.parse` of a route whose path segments are all ids: each as a number, or false when
 * one is not an id. False makes the router pass the route over while matching, so the address
 * matches the catch-all route: the home page, with its head, as any path without a page (spec
 * section 2).
 */
export function idsFromPath<K extends string>(raw: Record<K, string>): Record<K, number> | false {
  const ids = {} as Record<K, number>;
  for (const key of Object.keys(raw) as K[]) {
    const id = idFromPath(raw[key]);
    if (id === null) return false;
    ids[key] = id;
  }
  return ids;
}

/** For `params.stringify`: the id as its path segment. */
export const idToPath = (id: number | null): string => String(id ?? '');
