import { z } from 'zod';

/**
 * Error shapes of the API (architecture page, "API conventions").
 * Validation failures: 422 with a code per field. Everything else: status, message, code.
 */
export const fieldErrorCodeSchema = z.string().min(1);

export const validationErrorSchema = z.object({
  status: z.literal(422),
  errors: z.record(z.string(), fieldErrorCodeSchema),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;

export const ERROR_CODES = [
  'badRequest',
  'unauthorized',
  'forbidden',
  'notFound',
  'conflict',
  'payloadTooLarge',
  'tooManyRequests',
  'internalError',
  'serviceUnavailable',
  // Money and booking
  'slotUnavailable',
  'gatewayError',
  'idempotencyKeyInUse',
  'cancellationClosed',
  'slotNotEditable',
  'slotOverlap',
  'paymentMismatch',
  'priceChanged',
  'teacherUnavailable',
  'tooManyPendingPayments',
  'selfRefund',
  'accountDeleted',
  // Admin
  'versionConflict',
  // Files
  'uploadQuotaExceeded',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const apiErrorSchema = z.object({
  status: z.number().int().min(400).max(599),
  message: z.string(),
  code: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Field-level validation codes the client translates (`errors.<code>`). */
export const VALIDATION_CODES = [
  'required',
  'invalid',
  'tooShort',
  'tooLong',
  'tooSmall',
  'tooBig',
  'invalidType',
  'unknownField',
  // Money and booking
  'insufficientBalance',
  'idempotencyKeyReused',
  'belowMinimum',
  'ownSlot',
  'inPast',
  'packageUnavailable',
  // Admin
  'notStudent',
  'protectedUser',
  'alreadyExists',
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];
