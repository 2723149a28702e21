import { z } from 'zod';
import { toAsciiDigits } from './digits.ts';
import { kwdAmountSchema } from './discovery.ts';
import { listResponseSchema, pagingQuery } from './list.ts';
import { positiveKwdInputSchema, signedKwdAmountSchema } from './money.ts';
import { visibleText } from './visible-text.ts';

/**
 * A teacher gets paid (issue 15 "Get paid", RELIABILITY I10): what they earned, a statement per
 * lesson, a bank account, payout requests, and the admin's payout queue. Amounts are KWD decimal
 * strings ("12.500"); the server keeps integer fils.
 */

/** The smallest payout a teacher may request (KWD). */
export const PAYOUT_MIN_KWD = 5;
/** Largest single payout request (KWD); the available earnings are the real limit. */
export const PAYOUT_MAX_KWD = 1_000_000;
/** A Kuwaiti IBAN is exactly this long (ISO 13616 registry). */
export const KW_IBAN_LENGTH = 30;

export const PAYOUT_STATUSES = ['requested', 'paid', 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

// IBAN -----------------------------------------------------------------------------------------

/** How an IBAN is stored: no spaces or dashes, upper case, Arabic-Indic digits as ASCII. */
export function normalizeIban(input: string): string {
  return toAsciiDigits(input)
    .replace(/[\s-]+/g, '')
    .toUpperCase();
}

/** ISO 13616 / ISO 7064 mod 97-10: the country and check digits moved to the end, letters as 10-35, mod 97 = 1. */
export function ibanChecksumValid(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const value = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/**
 * A Kuwaiti IBAN (ISO 13616 registry): KW, 2 check digits, the bank's 4-letter code, then 22 letters
 * or digits, 30 characters in all ("KW81CBKU0000000000001234560101").
 */
const KW_IBAN = /^KW\d{2}[A-Z]{4}[A-Z0-9]{22}$/;

/**
 * What is wrong with a normalised IBAN, as a validation code, or null when it is a valid one. Payouts
 * go to Kuwaiti banks only (issue 29): an IBAN of another country is `ibanNotKuwaiti`; a Kuwaiti one
 * of another length `ibanWrongLength`; a wrong shape or a failed mod-97 check `invalidIban`.
 */
export function ibanProblem(iban: string): 'invalidIban' | 'ibanWrongLength' | 'ibanNotKuwaiti' | null {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return 'invalidIban';
  if (!iban.startsWith('KW')) return 'ibanNotKuwaiti';
  if (iban.length !== KW_IBAN_LENGTH) return 'ibanWrongLength';
  if (!KW_IBAN.test(iban)) return 'invalidIban';
  return ibanChecksumValid(iban) ? null : 'invalidIban';
}

/**
 * An IBAN as typed ("kw81 cbkU 0000 ..."; spaces, dashes, lower case and Arabic-Indic digits are
 * fine): normalised, then checked as a Kuwaiti IBAN (`ibanProblem`), and stored normalised.
 */
export const ibanSchema = z
  .string()
  .max(64)
  .transform(normalizeIban)
  .superRefine((iban, ctx) => {
    const code = ibanProblem(iban);
    if (code) ctx.addIssue({ code: 'custom', message: code, params: { code } });
  });

// Earnings -------------------------------------------------------------------------------------

export const earningsSummarySchema = z.object({
  /** The earnings account: what may be paid out now (requested payouts already left it). */
  available: kwdAmountSchema,
  /** The teacher's share of booked lessons that have not ended yet. */
  pending: kwdAmountSchema,
  /** Requested payouts the admin has not decided yet. */
  requested: kwdAmountSchema,
  /** Payouts sent to the bank. */
  paidOut: kwdAmountSchema,
  /** The smallest payout that may be requested. */
  minimumPayout: kwdAmountSchema,
  currency: z.literal('KWD'),
});
export type EarningsSummary = z.infer<typeof earningsSummarySchema>;

export const STATEMENT_LINE_KINDS = ['lesson', 'payout'] as const;
export const STATEMENT_LINE_STATUSES = ['pending', 'earned', ...PAYOUT_STATUSES] as const;
export type StatementLineStatus = (typeof STATEMENT_LINE_STATUSES)[number];

/**
 * One line of a teacher's statement, newest first: a lesson (booked or taught; its student, what
 * was paid for it, the platform's fee and the teacher's earning) or a payout (its amount, negative).
 */
export const statementLineSchema = z.object({
  kind: z.enum(STATEMENT_LINE_KINDS),
  /** The reservation's id for a lesson, the payout's id for a payout. */
  id: z.number().int(),
  /** When the lesson starts, or when the payout was requested. */
  date: z.string(),
  /** When the lesson ends (null for a payout). */
  endTime: z.string().nullable(),
  studentName: z.string().nullable(),
  /** What the student paid (money and hours' value); null for a payout. */
  gross: kwdAmountSchema.nullable(),
  fee: kwdAmountSchema.nullable(),
  /** Signed: a lesson's earning is positive, a payout negative. */
  amount: signedKwdAmountSchema,
  status: z.enum(STATEMENT_LINE_STATUSES),
});
export type StatementLine = z.infer<typeof statementLineSchema>;
export const statementQuerySchema = z.object({ ...pagingQuery(100, 20) });
export const statementResponseSchema = listResponseSchema(statementLineSchema);
export type StatementResponse = z.infer<typeof statementResponseSchema>;

// Bank account ---------------------------------------------------------------------------------

export const HOLDER_NAME_MAX_LENGTH = 100;

export const bankAccountBodySchema = z.strictObject({
  iban: ibanSchema,
  /** As on the bank account; a bidi control or zero-width character is `invalidCharacters`. */
  holderName: visibleText(z.string().trim().min(2).max(HOLDER_NAME_MAX_LENGTH)),
});
export type BankAccountBody = z.input<typeof bankAccountBodySchema>;

/** A saved bank account as its owner sees it: only the IBAN's country and last 4 characters. */
export const bankAccountSchema = z.object({
  /** "KW•• •••• 1234": the country, then the last 4 characters. */
  maskedIban: z.string(),
  last4: z.string(),
  holderName: z.string(),
  updatedAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
export const bankAccountResponseSchema = z.object({ bankAccount: bankAccountSchema.nullable() });
export type BankAccountResponse = z.infer<typeof bankAccountResponseSchema>;

// Payouts --------------------------------------------------------------------------------------

export const payoutRequestBodySchema = z.strictObject({
  amount: positiveKwdInputSchema(PAYOUT_MAX_KWD).refine((value) => Number(value) >= PAYOUT_MIN_KWD, {
    message: 'belowMinimum',
    params: { code: 'belowMinimum' },
  }),
});
export type PayoutRequestBody = z.input<typeof payoutRequestBodySchema>;
export const payoutCreatedResponseSchema = z.object({
  id: z.number().int(),
  status: z.literal('requested'),
  amount: kwdAmountSchema,
});
export type PayoutCreatedResponse = z.infer<typeof payoutCreatedResponseSchema>;

export const payoutSchema = z.object({
  id: z.number().int(),
  amount: kwdAmountSchema,
  status: z.enum(PAYOUT_STATUSES),
  /** The last 4 characters of the IBAN it goes to. */
  last4: z.string(),
  holderName: z.string(),
  bankReference: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;
export const payoutsQuerySchema = z.object({ ...pagingQuery(100, 20) });
export const payoutsResponseSchema = listResponseSchema(payoutSchema);
export type PayoutsResponse = z.infer<typeof payoutsResponseSchema>;

// Admin ----------------------------------------------------------------------------------------

/** A payout in the admin's queue: the whole IBAN (the admin sends the money) and the teacher. */
export const adminPayoutSchema = payoutSchema.extend({
  iban: z.string(),
  teacher: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  decidedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;
export const adminPayoutsQuerySchema = z.object({
  status: z.enum(PAYOUT_STATUSES).optional(),
  ...pagingQuery(100, 20),
});
export type AdminPayoutsQuery = z.input<typeof adminPayoutsQuerySchema>;
export const adminPayoutsResponseSchema = listResponseSchema(adminPayoutSchema);
export type AdminPayoutsResponse = z.infer<typeof adminPayoutsResponseSchema>;

/** The longest bank reference an admin records on a paid payout (one line, the bank's transfer id). */
export const BANK_REFERENCE_MAX_LENGTH = 100;
export const payoutPaidBodySchema = z.strictObject({
  bankReference: z.string().trim().min(1).max(BANK_REFERENCE_MAX_LENGTH),
});
export type PayoutPaidBody = z.input<typeof payoutPaidBodySchema>;
export const payoutRejectBodySchema = z.strictObject({ reason: z.string().trim().min(1).max(500) });
export type PayoutRejectBody = z.input<typeof payoutRejectBodySchema>;
export const adminPayoutResponseSchema = z.object({ payout: adminPayoutSchema });
export type AdminPayoutResponse = z.infer<typeof adminPayoutResponseSchema>;
