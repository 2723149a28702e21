import { z } from 'zod';
import { roleIdSchema } from './auth.ts';
import { PACKAGE_TYPES, RESERVATION_CANCELLERS, SEARCH_TYPES, SIGN_IN_PROVIDERS } from './constants.ts';
import { asciiDigitsValue } from './digits.ts';
import { hourlyRateInputSchema, kwdAmountSchema, listResponseSchema, rowIdSchema } from './discovery.ts';
import { pagingQuery } from './list.ts';
import {
  GATEWAY_PROVIDERS,
  MONEY_FLOW_TRANSFER_KINDS,
  PAID_WITH,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  positiveKwdInputSchema,
  RESERVATION_STATUSES,
  signedKwdAmountSchema,
} from './money.ts';
import { visibleText } from './visible-text.ts';

/**
 * The admin dashboard's API (issue 7): every route is under `/api/v1/admin/...` and needs role 1.
 * Bilingual content is edited in both languages at once; money is KWD decimal strings as elsewhere.
 * Every write is recorded in the audit log with its before and after.
 */

/** `?page` and `?limit` of every admin list: 20 rows a page unless asked for up to 100. */
const paging = pagingQuery(100, 20);
const searchQuery = z.string().trim().max(100).optional();
/** A row id in a query: a positive PostgreSQL integer, else 422 (never a database error). */
const idQuery = z.preprocess(asciiDigitsValue, z.coerce.number().int().positive().max(2_147_483_647)).optional();
/** A calendar day or an instant; the server treats a bare day as its start (UTC). */
const dateQuery = z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional();
/** `?from` and `?to`: a list's bounds by date. */
const dayRange = { from: dateQuery, to: dateQuery };
const reasonSchema = z.string().trim().min(3).max(500);

export const ADMIN_LIMITS = { reasonMin: 3, reasonMax: 500, maxRefundKwd: 1000 } as const;

// Overview ---------------------------------------------------------------------------------------

export const adminOverviewSchema = z.object({
  users: z.number().int(),
  students: z.number().int(),
  teachers: z.number().int(),
  pendingTeachers: z.number().int(),
  suspendedUsers: z.number().int(),
  upcomingReservations: z.number().int(),
  pendingPayments: z.number().int(),
  /** Paid gateway money over the last 30 days. */
  paidLast30Days: kwdAmountSchema,
  /** Sum of every user wallet (what the platform owes its users). */
  walletsTotal: kwdAmountSchema,
  /** Distinct missing subjects searched for over the last 30 days. */
  notFoundSearches: z.number().int(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

// Users ------------------------------------------------------------------------------------------

export const ACCOUNT_STATUSES = ['active', 'suspended'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const adminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roleId: roleIdSchema,
  status: z.enum(ACCOUNT_STATUSES),
  provider: z.enum(SIGN_IN_PROVIDERS),
  language: z.enum(['ar', 'en']),
  emailConfirmed: z.boolean(),
  photoUrl: z.string().nullable(),
  /** The teacher profile id for role 2, else null. */
  teacherProfileId: z.number().int().nullable(),
  /** For teachers: whether the profile is approved (listed in search). */
  approved: z.boolean().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = z.object({
  /** Name or e-mail, any part. */
  search: searchQuery,
  roleId: z.coerce.number().int().min(1).max(3).optional(),
  status: z.enum(ACCOUNT_STATUSES).optional(),
  ...paging,
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;
export const adminUsersResponseSchema = listResponseSchema(adminUserSchema);
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  wallet: kwdAmountSchema,
  earnings: kwdAmountSchema,
  remainingHours: z.number(),
  /** Live (not revoked, not expired) sign-in sessions. */
  activeSessions: z.number().int(),
  reservations: z.number().int(),
  payments: z.number().int(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const promoteUserBodySchema = z.strictObject({
  /** Starting hourly rate (at least BOOKING.minPricePerHourKwd); defaults to that minimum until the teacher or an admin sets it. */
  hourlyRate: hourlyRateInputSchema.optional(),
});
export const suspendUserBodySchema = z.strictObject({ reason: reasonSchema });
export type SuspendUserBody = z.infer<typeof suspendUserBodySchema>;

export const adminUserResponseSchema = z.object({ user: adminUserSchema });

// Teachers ---------------------------------------------------------------------------------------

export const TEACHER_APPROVAL_FILTERS = ['pending', 'approved', 'all'] as const;

export const adminTeacherSchema = z.object({
  /** The teacher profile id. */
  id: z.number().int(),
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  approved: z.boolean(),
  approvedAt: z.string().nullable(),
  bioAr: z.string(),
  bioEn: z.string(),
  majorAr: z.string(),
  majorEn: z.string(),
  experienceYears: z.number().int(),
  hourlyRate: kwdAmountSchema,
  videoUrl: z.string().nullable(),
  subjects: z.array(z.object({ id: z.number().int(), nameAr: z.string(), nameEn: z.string() })),
  averageRating: z.number(),
  ratingCount: z.number().int(),
  bookingsCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminTeacher = z.infer<typeof adminTeacherSchema>;

export const adminTeachersQuerySchema = z.object({
  search: searchQuery,
  approval: z.enum(TEACHER_APPROVAL_FILTERS).default('all'),
  ...paging,
});
export type AdminTeachersQuery = z.input<typeof adminTeachersQuerySchema>;
export const adminTeachersResponseSchema = listResponseSchema(adminTeacherSchema);
export type AdminTeachersResponse = z.infer<typeof adminTeachersResponseSchema>;

export const adminTeacherPatchSchema = z.strictObject({
  bioAr: visibleText(z.string().trim().max(2000)).optional(),
  bioEn: visibleText(z.string().trim().max(2000)).optional(),
  majorAr: visibleText(z.string().trim().max(120)).optional(),
  majorEn: visibleText(z.string().trim().max(120)).optional(),
  experienceYears: z.number().int().min(0).max(80).optional(),
  hourlyRate: hourlyRateInputSchema.optional(),
  videoUrl: z.string().trim().url().max(300).nullable().optional(),
  subjectIds: z.array(z.number().int().positive()).max(20).optional(),
});
export type AdminTeacherPatch = z.infer<typeof adminTeacherPatchSchema>;
export const adminTeacherResponseSchema = z.object({ teacher: adminTeacherSchema });

// Subjects ---------------------------------------------------------------------------------------

/** A subject's or a package's id with its name and description in both languages. */
const described = {
  id: z.number().int(),
  nameAr: z.string(),
  nameEn: z.string(),
  descriptionAr: z.string(),
  descriptionEn: z.string(),
};

export const adminSubjectSchema = z.object({
  ...described,
  icon: z.string(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  /** Other words a search finds it by (ADR 007), in each language. */
  synonymsAr: z.array(z.string()),
  synonymsEn: z.array(z.string()),
  /** Teachers that teach it. */
  teachersCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminSubject = z.infer<typeof adminSubjectSchema>;

export const adminSubjectsQuerySchema = z.object({
  search: searchQuery,
  isActive: z.enum(['true', 'false']).optional(),
  ...paging,
});
export const adminSubjectsResponseSchema = listResponseSchema(adminSubjectSchema);
export type AdminSubjectsResponse = z.infer<typeof adminSubjectsResponseSchema>;

/** At most this many synonyms a language per subject, each at most SUBJECT_SYNONYM_MAX_LENGTH characters. */
export const SUBJECT_SYNONYMS_MAX = 20;
export const SUBJECT_SYNONYM_MAX_LENGTH = 40;

/**
 * Other words or short phrases a search finds a subject by ("maths", "حساب"), trimmed. No commas:
 * the admin types them comma-separated.
 */
const synonymList = z
  .array(
    z
      .string()
      .trim()
      .min(1)
      .max(SUBJECT_SYNONYM_MAX_LENGTH)
      .refine((value) => !/[,،]/.test(value), { params: { code: 'invalid' } }),
  )
  .max(SUBJECT_SYNONYMS_MAX);

export const adminSubjectBodySchema = z.strictObject({
  nameAr: z.string().trim().min(1).max(100),
  nameEn: z.string().trim().min(1).max(100),
  descriptionAr: z.string().trim().max(1000).default(''),
  descriptionEn: z.string().trim().max(1000).default(''),
  /** A lucide icon name in kebab case. */
  icon: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/)
    .default('book-open'),
  isActive: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
  synonymsAr: synonymList.default([]),
  synonymsEn: synonymList.default([]),
});
export type AdminSubjectBody = z.input<typeof adminSubjectBodySchema>;
export const adminSubjectPatchSchema = adminSubjectBodySchema.partial();
export const adminSubjectResponseSchema = z.object({ subject: adminSubjectSchema });

// Subscription packages --------------------------------------------------------------------------

export const adminPackageSchema = z.object({
  ...described,
  hours: z.number().int(),
  price: kwdAmountSchema,
  type: z.enum(PACKAGE_TYPES),
  validityDays: z.number().int(),
  featuresAr: z.array(z.string()),
  featuresEn: z.array(z.string()),
  discountPercentage: z.number().int(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  /** Subscriptions bought from it. */
  soldCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminPackage = z.infer<typeof adminPackageSchema>;
export const adminPackagesResponseSchema = z.object({ data: z.array(adminPackageSchema) });

const featureList = z.array(z.string().trim().min(1).max(200)).max(20);
export const adminPackageBodySchema = z.strictObject({
  nameAr: z.string().trim().min(1).max(100),
  nameEn: z.string().trim().min(1).max(100),
  descriptionAr: z.string().trim().max(1000).default(''),
  descriptionEn: z.string().trim().max(1000).default(''),
  hours: z.number().int().min(1).max(1000),
  price: positiveKwdInputSchema(100_000),
  type: z.enum(PACKAGE_TYPES).default('standard'),
  validityDays: z.number().int().min(1).max(3650),
  featuresAr: featureList.default([]),
  featuresEn: featureList.default([]),
  discountPercentage: z.number().int().min(0).max(100).default(0),
  isActive: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type AdminPackageBody = z.input<typeof adminPackageBodySchema>;
export const adminPackagePatchSchema = adminPackageBodySchema.partial();
export const adminPackageResponseSchema = z.object({ package: adminPackageSchema });

// Website settings -------------------------------------------------------------------------------

const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/);
const optionalHttpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => /^https?:\/\//i.test(value) || value.startsWith('/'), { params: { code: 'invalid' } })
  .nullable();
const optionalTrackingId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/)
  .nullable();

/** Every editable field of spec 3 "Website settings"; `version` is the one being replaced (409 when stale). */
export const adminSettingsBodySchema = z.strictObject({
  version: z.number().int().positive(),
  appName: z.string().trim().min(1).max(60),
  /** English pages' app name; null or empty: the Arabic one (`appName`). */
  appNameEn: z.string().trim().max(60).nullable(),
  defaultTitle: z.string().trim().min(1).max(120),
  defaultDescription: z.string().trim().max(300),
  defaultKeywords: z.string().trim().max(300),
  defaultOgImage: optionalHttpUrl,
  logoUrl: optionalHttpUrl,
  faviconUrl: optionalHttpUrl,
  primaryColor: hexColor,
  secondaryColor: hexColor,
  facebookUrl: optionalHttpUrl,
  twitterUrl: optionalHttpUrl,
  instagramUrl: optionalHttpUrl,
  linkedinUrl: optionalHttpUrl,
  youtubeUrl: optionalHttpUrl,
  tiktokPixelId: optionalTrackingId,
  googleAnalyticsId: optionalTrackingId,
  facebookPixelId: optionalTrackingId,
  instagramPixelId: optionalTrackingId,
  hotjarId: optionalTrackingId,
  contactEmail: z.string().trim().max(254).pipe(z.email()).nullable(),
  contactPhone: z.string().trim().max(40).nullable(),
  contactAddress: z.string().trim().max(300).nullable(),
  /** English pages' address; null or empty: the Arabic one (`contactAddress`). */
  contactAddressEn: z.string().trim().max(300).nullable(),
  headerScripts: z.string().max(20_000),
  footerScripts: z.string().max(20_000),
  enableRegistration: z.boolean(),
  /** Bytes; 100 KB to 20 MB. */
  maxUploadSize: z
    .number()
    .int()
    .min(100 * 1024)
    .max(20 * 1024 * 1024),
});
export type AdminSettingsBody = z.infer<typeof adminSettingsBodySchema>;
/** The editable fields as stored, plus version and dates. */
export const adminSettingsSchema = adminSettingsBodySchema.extend({ updatedAt: z.string() });
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export const adminSettingsResponseSchema = z.object({ settings: adminSettingsSchema });

// Money ------------------------------------------------------------------------------------------

export const ADMIN_LEDGER_ACCOUNTS = [
  'wallet',
  'earnings',
  'gateway',
  'escrow',
  'revenue',
  'prepaid',
  'payouts_clearing',
  'paid_out',
] as const;
export const ADMIN_TRANSFER_KINDS = [
  ...MONEY_FLOW_TRANSFER_KINDS,
  'subscription_expiry',
  'hours_reclass',
  'payout_request',
  'payout_paid',
  'payout_rejected',
] as const;

export const adminLedgerEntrySchema = z.object({
  account: z.enum(ADMIN_LEDGER_ACCOUNTS),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  amount: signedKwdAmountSchema,
});
export const adminTransferSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  kind: z.string(),
  memo: z.string(),
  paymentId: z.string().nullable(),
  reservationId: z.number().int().nullable(),
  subscriptionId: z.number().int().nullable(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  entries: z.array(adminLedgerEntrySchema),
  createdAt: z.string(),
});
export type AdminTransfer = z.infer<typeof adminTransferSchema>;
export const adminLedgerQuerySchema = z.object({
  userId: idQuery,
  kind: z.enum(ADMIN_TRANSFER_KINDS).optional(),
  ...dayRange,
  ...paging,
});
export type AdminLedgerQuery = z.input<typeof adminLedgerQuerySchema>;
export const adminLedgerResponseSchema = listResponseSchema(adminTransferSchema);
export type AdminLedgerResponse = z.infer<typeof adminLedgerResponseSchema>;

export const adminPaymentSchema = z.object({
  id: z.string(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  provider: z.enum(GATEWAY_PROVIDERS),
  /** The adapter that ran it: the provider, or `sandbox` on a machine without keys. */
  gateway: z.enum(['payzah', 'deema', 'sandbox']),
  purpose: z.enum(PAYMENT_PURPOSES),
  amount: kwdAmountSchema,
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  providerRef: z.string().nullable(),
  gatewayReference: z.string().nullable(),
  creditedToWallet: z.boolean(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminPaymentsQuerySchema = z.object({
  status: z.enum(PAYMENT_STATUSES).optional(),
  provider: z.enum(GATEWAY_PROVIDERS).optional(),
  userId: idQuery,
  /** Payment id or gateway reference. */
  search: searchQuery,
  ...paging,
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuerySchema>;
export const adminPaymentsResponseSchema = listResponseSchema(adminPaymentSchema);
export type AdminPaymentsResponse = z.infer<typeof adminPaymentsResponseSchema>;

/** A payment whose gateway status and ours differ (or the gateway could not be asked). */
export const reconciliationRowSchema = z.object({
  payment: adminPaymentSchema,
  /** What the gateway says now; `unknown` when it could not be reached or did not know the order. */
  gatewayStatus: z.enum(['pending', 'paid', 'failed', 'unknown']),
  /** The gateway's amount when it gave one. */
  gatewayAmount: kwdAmountSchema.nullable(),
  problem: z.enum(['statusDiffers', 'amountDiffers', 'gatewayUnreachable']),
});
export type ReconciliationRow = z.infer<typeof reconciliationRowSchema>;
export const reconciliationQuerySchema = z.object({
  /** How far back to look (payments created in the last N days). */
  days: z.coerce.number().int().min(1).max(90).default(7),
});
export const reconciliationResponseSchema = z.object({
  checked: z.number().int(),
  data: z.array(reconciliationRowSchema),
  checkedAt: z.string(),
});
export type ReconciliationResponse = z.infer<typeof reconciliationResponseSchema>;

/** Settles one payment from the gateway's answer, exactly as the sweeper would. */
export const reconcilePaymentResponseSchema = z.object({ payment: adminPaymentSchema });

export const manualRefundBodySchema = z.strictObject({
  userId: rowIdSchema,
  amount: positiveKwdInputSchema(ADMIN_LIMITS.maxRefundKwd),
  reason: reasonSchema,
  /** Optional links for the record. */
  paymentId: z.string().trim().max(100).optional(),
  reservationId: rowIdSchema.optional(),
});
export type ManualRefundBody = z.input<typeof manualRefundBodySchema>;
export const manualRefundResponseSchema = z.object({
  transfer: adminTransferSchema,
  /** The user's wallet after the refund. */
  balance: kwdAmountSchema,
});
export type ManualRefundResponse = z.infer<typeof manualRefundResponseSchema>;

// Reservations -----------------------------------------------------------------------------------

export const adminReservationSchema = z.object({
  id: z.number().int(),
  status: z.enum(RESERVATION_STATUSES),
  startTime: z.string(),
  endTime: z.string(),
  price: kwdAmountSchema,
  paidWith: z.enum(PAID_WITH),
  student: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  teacher: z.object({ id: z.number().int(), profileId: z.number().int(), name: z.string() }),
  paymentId: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.enum(RESERVATION_CANCELLERS).nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminReservation = z.infer<typeof adminReservationSchema>;
export const adminReservationsQuerySchema = z.object({
  status: z.enum(RESERVATION_STATUSES).optional(),
  /** Student or teacher user id. */
  userId: idQuery,
  ...dayRange,
  ...paging,
});
export type AdminReservationsQuery = z.input<typeof adminReservationsQuerySchema>;
export const adminReservationsResponseSchema = listResponseSchema(adminReservationSchema);
export type AdminReservationsResponse = z.infer<typeof adminReservationsResponseSchema>;

export const adminCancelReservationBodySchema = z.strictObject({ reason: reasonSchema });
export const adminCancelReservationResponseSchema = z.object({
  reservation: adminReservationSchema,
  refund: z.object({ to: z.enum(['wallet', 'subscription', 'none']), amount: kwdAmountSchema, hours: z.number() }),
});
export type AdminCancelReservationResponse = z.infer<typeof adminCancelReservationResponseSchema>;

// Reviews ----------------------------------------------------------------------------------------

export const adminReviewSchema = z.object({
  id: z.number().int(),
  type: z.enum(['teacher_to_student', 'student_to_teacher']),
  rating: z.number().int(),
  comment: z.string(),
  reservationId: z.number().int(),
  teacher: z.object({ profileId: z.number().int(), userId: z.number().int(), name: z.string() }),
  student: z.object({ id: z.number().int(), name: z.string() }),
  hidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewsQuerySchema = z.object({
  hidden: z.enum(['true', 'false']).optional(),
  teacherId: idQuery,
  maxRating: z.preprocess(asciiDigitsValue, z.coerce.number().int().min(1).max(5)).optional(),
  search: searchQuery,
  ...paging,
});
export type AdminReviewsQuery = z.input<typeof adminReviewsQuerySchema>;
export const adminReviewsResponseSchema = listResponseSchema(adminReviewSchema);
export type AdminReviewsResponse = z.infer<typeof adminReviewsResponseSchema>;
export const hideReviewBodySchema = z.strictObject({ reason: reasonSchema });
/** Bringing a hidden review back: a reason is optional (kept in the audit log); an empty body is fine. */
export const unhideReviewBodySchema = z.strictObject({ reason: reasonSchema.optional() }).nullish();
export const adminReviewResponseSchema = z.object({
  review: adminReviewSchema,
  /** The teacher's figures after the change. */
  teacher: z.object({ averageRating: z.number(), ratingCount: z.number().int() }),
});
export type AdminReviewResponse = z.infer<typeof adminReviewResponseSchema>;

// Search-not-found log ---------------------------------------------------------------------------

export const notFoundTermSchema = z.object({
  /** The most recent spelling typed. */
  keywords: z.string(),
  normalized: z.string(),
  searchType: z.enum(SEARCH_TYPES),
  count: z.number().int(),
  users: z.number().int(),
  lastSearchedAt: z.string(),
});
export type NotFoundTerm = z.infer<typeof notFoundTermSchema>;
export const notFoundTermsQuerySchema = z.object({
  searchType: z.enum(SEARCH_TYPES).optional(),
  days: z.coerce.number().int().min(1).max(365).default(30),
  ...paging,
});
export const notFoundTermsResponseSchema = listResponseSchema(notFoundTermSchema);
export type NotFoundTermsResponse = z.infer<typeof notFoundTermsResponseSchema>;

// Audit log --------------------------------------------------------------------------------------

export const AUDIT_ACTIONS = [
  'user.promote',
  'user.suspend',
  'user.restore',
  'user.resendConfirmation',
  'teacher.update',
  'teacher.approve',
  'teacher.unapprove',
  'subject.create',
  'subject.update',
  'package.create',
  'package.update',
  'settings.update',
  'payment.reconcile',
  'refund.manual',
  'reservation.cancel',
  'review.hide',
  'review.unhide',
  'payout.paid',
  'payout.reject',
  'dispute.refund',
  'dispute.release',
  'teacherApplication.approve',
  'teacherApplication.reject',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ENTITY_TYPES = [
  'user',
  'teacher',
  'subject',
  'package',
  'settings',
  'payment',
  'transfer',
  'reservation',
  'review',
  'payout',
  'teacherApplication',
  'dispute',
] as const;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entityType: z.enum(AUDIT_ENTITY_TYPES),
  entityId: z.string(),
  reason: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = z.object({
  actorId: idQuery,
  action: z.enum(AUDIT_ACTIONS).optional(),
  entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
  entityId: z.string().trim().max(100).optional(),
  ...paging,
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
export const auditResponseSchema = listResponseSchema(auditEntrySchema);
export type AuditResponse = z.infer<typeof auditResponseSchema>;

export const adminOkResponseSchema = z.object({ success: z.literal(true) });

/**
 * RELIABILITY I9 data repair: completed lessons whose payout (teacher's earning + platform fee)
 * differs from what was paid for them (money + the value of the hours spent). Read-only: ledger
 * entries are immutable, so a difference is settled by a named transfer, never by an edit.
 */
export const adminLessonPayoutRowSchema = z.object({
  reservationId: z.number().int(),
  teacherUserId: z.number().int(),
  teacherName: z.string(),
  paidWith: z.string(),
  completedAt: z.string().nullable(),
  /** What the student paid: money + the hours' value (KWD). */
  paid: kwdAmountSchema,
  /** What the lesson's completion moved to the teacher and the platform (KWD). */
  paidOut: kwdAmountSchema,
  /** paidOut - paid: positive when the teacher was overpaid. */
  difference: signedKwdAmountSchema,
});
export const adminLessonPayoutsResponseSchema = z.object({ data: z.array(adminLessonPayoutRowSchema) });
export type AdminLessonPayoutsResponse = z.infer<typeof adminLessonPayoutsResponseSchema>;
