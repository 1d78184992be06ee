import { z } from 'zod';

/** GET /api/backend-key: a public, stable identifier of the backend's database (not a secret). */
export const backendKeyResponseSchema = z.object({ key: z.string().min(1) });
export type BackendKeyResponse = z.infer<typeof backendKeyResponseSchema>;
