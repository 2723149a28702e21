import { z } from 'zod';

/** A numeric id in the path: a positive PostgreSQL integer, else 422 (never a database error). */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * Path parameters live here, not in the routes files (hardening/route-schemas.test.ts): the web
 * builds paths itself, so they are not part of the contract.
 */
export const userIdParamsSchema = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });

/** A teacher's weekly series of slots. */
export const seriesIdParamsSchema = z.object({ seriesId: z.uuid() });

/** An uploaded file's id. */
export const fileIdParamsSchema = z.object({ id: z.uuid() });

/** Our payment id, as the payment pages and the gateways' return URLs carry it. */
export const paymentIdParamsSchema = z.object({ id: z.string().regex(/^pay[0-9a-f]{24}$/) });

/** The admin's payment id: any text up to 100 characters (`pay` + 24 hex today), an unknown one is 404. */
export const adminPaymentIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** A charge of the local sandbox gateway. */
export const sandboxChargeIdParamsSchema = z.object({ id: z.string().regex(/^sbx_[0-9a-f]{24}$/) });

/** A calendar feed file, `{token}.ics`: anything else (up to 100 characters) is an unknown feed, 404. */
export const calendarFeedParamsSchema = z.object({ file: z.string().max(100) });

/** A lesson room's reservation id. */
export const reservationIdParamsSchema = z.object({
  reservationId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** A teacher profile's id (the favourites: PUT and DELETE /api/v1/favourites/{teacherProfileId}). */
export const teacherProfileIdParamsSchema = z.object({
  teacherProfileId: z.coerce.number().int().positive().max(2_147_483_647),
});
