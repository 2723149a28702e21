import { z } from 'zod';
import { ADMIN_LIMITS, adminTeacherPatchSchema } from './admin.ts';
import { hourlyRateInputSchema, kwdAmountSchema, listResponseSchema } from './discovery.ts';
import { pagingQuery } from './list.ts';

/**
 * Becoming a teacher (issue 15): a confirmed student applies, an admin approves (the user becomes a
 * teacher with a listed profile built from the application) or rejects with a reason.
 */

export const TEACHER_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TeacherApplicationStatus = (typeof TEACHER_APPLICATION_STATUSES)[number];

/** The admin teacher editor's field schemas: an application is checked exactly as an admin's edit is. */
const teacherFields = adminTeacherPatchSchema.shape;

export const TEACHER_APPLICATION_LIMITS = { bioMin: 20, missingSubjectMax: 120, maxSubjects: 20 } as const;

/** POST /api/v1/teacher-applications. */
export const teacherApplicationBodySchema = z.strictObject({
  bioAr: teacherFields.bioAr.unwrap().min(TEACHER_APPLICATION_LIMITS.bioMin),
  bioEn: teacherFields.bioEn.unwrap().min(TEACHER_APPLICATION_LIMITS.bioMin),
  major: teacherFields.majorAr.unwrap().min(2),
  experienceYears: teacherFields.experienceYears.unwrap(),
  subjectIds: teacherFields.subjectIds.unwrap().min(1),
  /** From BOOKING.minPricePerHourKwd (`tooSmall`) to BOOKING.maxPricePerHourKwd (`tooBig`). */
  hourlyRate: hourlyRateInputSchema,
  videoUrl: teacherFields.videoUrl.unwrap().unwrap(),
  /** A subject the list lacks, in the applicant's words: the admin adds it before approving. */
  missingSubject: z.string().trim().max(TEACHER_APPLICATION_LIMITS.missingSubjectMax).optional(),
  /** An upload of purpose `certificate` (an image or a PDF) by the applicant. */
  certificateFileId: z.uuid().optional(),
});
export type TeacherApplicationBody = z.infer<typeof teacherApplicationBodySchema>;
export type TeacherApplicationInput = z.input<typeof teacherApplicationBodySchema>;

export const createTeacherApplicationResponseSchema = z.object({
  id: z.number().int(),
  status: z.literal('pending'),
});

export const teacherApplicationSchema = z.object({
  id: z.number().int(),
  status: z.enum(TEACHER_APPLICATION_STATUSES),
  bioAr: z.string(),
  bioEn: z.string(),
  major: z.string(),
  experienceYears: z.number().int(),
  hourlyRate: kwdAmountSchema,
  videoUrl: z.string(),
  subjects: z.array(z.object({ id: z.number().int(), nameAr: z.string(), nameEn: z.string() })),
  missingSubject: z.string().nullable(),
  certificate: z.object({ id: z.string(), path: z.string(), mimeType: z.string() }).nullable(),
  /** The admin's reason, for a rejected application. */
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TeacherApplication = z.infer<typeof teacherApplicationSchema>;

/** GET /api/v1/teacher-applications/mine: the caller's newest application, or null. */
export const myTeacherApplicationResponseSchema = z.object({ application: teacherApplicationSchema.nullable() });
export type MyTeacherApplicationResponse = z.infer<typeof myTeacherApplicationResponseSchema>;

// Admin ------------------------------------------------------------------------------------------

export const adminTeacherApplicationSchema = teacherApplicationSchema.extend({
  user: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    photoUrl: z.string().nullable(),
  }),
});
export type AdminTeacherApplication = z.infer<typeof adminTeacherApplicationSchema>;

export const adminTeacherApplicationsQuerySchema = z.object({
  status: z.enum([...TEACHER_APPLICATION_STATUSES, 'all']).default('pending'),
  ...pagingQuery(100, 20),
});
export type AdminTeacherApplicationsQuery = z.input<typeof adminTeacherApplicationsQuerySchema>;
export const adminTeacherApplicationsResponseSchema = listResponseSchema(adminTeacherApplicationSchema);
export type AdminTeacherApplicationsResponse = z.infer<typeof adminTeacherApplicationsResponseSchema>;

export const rejectTeacherApplicationBodySchema = z.strictObject({
  reason: z.string().trim().min(ADMIN_LIMITS.reasonMin).max(ADMIN_LIMITS.reasonMax),
});
export const adminTeacherApplicationResponseSchema = z.object({ application: adminTeacherApplicationSchema });

// The teacher's own profile ----------------------------------------------------------------------

/** What a complete teacher profile has (issue 15 "Present yourself"), in the meter's order. */
export const PROFILE_COMPLETENESS_ITEMS = ['photo', 'bioAr', 'bioEn', 'video', 'subjects', 'openSlots'] as const;
export type ProfileCompletenessItem = (typeof PROFILE_COMPLETENESS_ITEMS)[number];
/** `openSlots` counts open slots that start within this many days from now. */
export const PROFILE_COMPLETENESS_SLOT_DAYS = 14;

/** GET /api/v1/teachers/me/completeness: each item done or not, and the open slots ahead. */
export const teacherCompletenessSchema = z.object({
  items: z.array(z.object({ item: z.enum(PROFILE_COMPLETENESS_ITEMS), done: z.boolean() })),
  done: z.number().int(),
  total: z.number().int(),
  /** Open slots starting in the next PROFILE_COMPLETENESS_SLOT_DAYS days. */
  openSlotsAhead: z.number().int(),
});
export type TeacherCompleteness = z.infer<typeof teacherCompletenessSchema>;
