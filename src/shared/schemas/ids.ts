/** Whole numbers that reach a PostgreSQL integer column: beyond it they are a 400 naming the field, never a database error. */
import { z } from 'zod';

/** PostgreSQL integer. */
export const PG_INT_MAX = 2_147_483_647;

/** A database id in a body: a positive whole number within PostgreSQL's integer. */
export const idSchema = z.number().int().positive().max(PG_INT_MAX, `must be at most ${PG_INT_MAX}`);
/** The same, from a query string. */
export const queryIdSchema = z.coerce.number().int().positive().max(PG_INT_MAX, `must be at most ${PG_INT_MAX}`);
