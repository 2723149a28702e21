import { z } from 'zod';
import { idQuery, paging, reasonSchema, searchQuery } from './admin-fields.ts';
import { roleIdSchema } from './auth.ts';
import { SIGN_IN_PROVIDERS } from './constants.ts';
import { hourlyRateInputSchema, kwdAmountSchema, listResponseSchema } from './discovery.ts';
import { visibleText } from './visible-text.ts';

/**
 * The admin dashboard's API (issue 7): every route is under `/api/v1/admin/...` and needs role 1.
 * Bilingual content is edited in both languages at once; money is KWD decimal strings as elsewhere.
 * Every write is recorded in the audit log with its before and after.
 * This file: overview, users, teachers and the audit log; the catalogue (`admin-catalog.ts`), money
 * and reservations (`admin-money.ts`) and moderation (`admin-moderation.ts`) have files of their own.
 */

export const ADMIN_LIMITS = { reasonMin: 3, reasonMax: 500, maxRefundKwd: 1000 } as const;

// Overview ---------------------------------------------------------------------------------------

/** The overview's days are Kuwait's (a day's figures are that Kuwaiti calendar day's). */
export const OVERVIEW_TIME_ZONE = 'Asia/Kuwait';
/** The longest range the overview draws, in days. */
export const OVERVIEW_MAX_DAYS = 366;

/**
 * GET /api/v1/admin/overview?from&to: calendar days (OVERVIEW_TIME_ZONE), both inclusive; without
 * them the last 30 days to today. `to` before `from` is 422 `invalid`, a range over OVERVIEW_MAX_DAYS `tooBig`.
 */
export const adminOverviewQuerySchema = z.object({ from: z.iso.date().optional(), to: z.iso.date().optional() });

/** A range's headline figures; the rates are shares (0..1) of the paid lessons due in it, null with none. */
export const overviewPeriodFiguresSchema = z.object({
  bookings: z.number().int(),
  lessonsHeld: z.number().int(),
  paidIn: kwdAmountSchema,
  teacherEarnings: kwdAmountSchema,
  newStudents: z.number().int(),
  newTeachers: z.number().int(),
  lessonsDue: z.number().int(),
  completionRate: z.number().nullable(),
  noShowRate: z.number().nullable(),
  cancellationRate: z.number().nullable(),
});
export type OverviewPeriodFigures = z.infer<typeof overviewPeriodFiguresSchema>;

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
  /** The chosen range's figures beside the previous range of the same length (issue 34). */
  period: z.object({
    /** Calendar days in OVERVIEW_TIME_ZONE, both inclusive. */
    from: z.string(),
    to: z.string(),
    days: z.number().int(),
    previousFrom: z.string(),
    previousTo: z.string(),
    timeZone: z.string(),
  }),
  /** One row per day of the range, oldest first, days without anything included (zeros). */
  daily: z.array(
    z.object({
      day: z.string(),
      bookings: z.number().int(),
      lessonsHeld: z.number().int(),
      paidIn: kwdAmountSchema,
      teacherEarnings: kwdAmountSchema,
    }),
  ),
  current: overviewPeriodFiguresSchema,
  previous: overviewPeriodFiguresSchema,
  /** The subjects of the teachers booked most in the range (a teacher's lesson counts for each subject they teach). */
  topSubjects: z.array(
    z.object({ subjectId: z.number().int(), nameAr: z.string(), nameEn: z.string(), bookings: z.number().int() }),
  ),
  /** The searches that found nothing in the range, most asked first. */
  notFoundTerms: z.array(z.object({ term: z.string(), searchType: z.string(), count: z.number().int() })),
  payoutsWaiting: z.object({ count: z.number().int(), amount: kwdAmountSchema, oldestAt: z.string().nullable() }),
  oldestOpenDispute: z
    .object({ id: z.number().int(), reservationId: z.number().int(), openedAt: z.string() })
    .nullable(),
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
