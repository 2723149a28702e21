import { z } from 'zod';

/** A numeric id in the path: a positive PostgreSQL integer, else 422 (never a database error). */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
