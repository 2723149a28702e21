import {
  kwdTextOrNull,
  type OwnTeacherProfile,
  type TeacherProfile,
  teacherProfilePatchSchema,
  toAsciiDigits,
} from '@ustaz/contract';
import { z } from 'zod';
import { checkWithSchema } from '../../shared/lib/schema-field-codes.ts';
import {
  TEACHER_FIELDS_SHAPE,
  type TeacherFieldValues,
  teacherFieldsBody,
} from '../../shared/teachers/teacher-form.ts';

/** The teacher's editor as typed: the teacher form's fields and the teacher's own settings. */
export type TeacherProfileValues = TeacherFieldValues & {
  /** The Zoom/Meet/Teams link for every lesson (empty: lessons use the lesson room). */
  meetingLink: string;
  timeZone: string;
  /** Also reprice the open slots ahead (held and booked ones never change). */
  applyToOpenSlots: boolean;
  /** The 30-minute trial lesson's price in KWD (issue 32); empty: no trial. */
  trialPrice: string;
};

/** The fields a check or a 422 may name, in the form's order (the first one with an error gets the focus). */
export const TEACHER_PROFILE_FIELDS = [
  'bioAr',
  'bioEn',
  'major',
  'experienceYears',
  'subjectIds',
  'hourlyRate',
  'trialPrice',
  'timeZone',
  'meetingLink',
  'videoUrl',
] as const;
export type TeacherProfileField = (typeof TEACHER_PROFILE_FIELDS)[number];

/** The editor's starting values: the profile as stored (the major in the page's language). */
export function valuesOf(profile: OwnTeacherProfile): TeacherProfileValues {
  return {
    bioAr: profile.bioAr,
    bioEn: profile.bioEn,
    major: profile.major,
    experienceYears: String(profile.experienceYears),
    hourlyRate: profile.hourlyRate,
    videoUrl: profile.videoUrl ?? '',
    meetingLink: profile.meetingLink ?? '',
    subjectIds: profile.subjects.map((subject) => subject.id),
    timeZone: profile.timeZone,
    applyToOpenSlots: false,
    trialPrice: profile.trialPrice ?? '',
  };
}

const patch = teacherProfilePatchSchema.shape;

/** The contract's PATCH schema, the server's own check, with the years and the rate that the editor always sends. */
const editorBodySchema = teacherProfilePatchSchema.extend({
  experienceYears: patch.experienceYears.unwrap(),
  hourlyRate: patch.hourlyRate.unwrap(),
});

/**
 * The editor's values read as the PATCH body and checked by the contract's schema: the form's
 * resolver. The rate reprices open slots only when the teacher asks; the time zone goes along
 * only when the profile has one.
 */
export function teacherProfileFormSchema({ withTimeZone }: { withTimeZone: boolean }) {
  return (
    z
      .object({
        ...TEACHER_FIELDS_SHAPE,
        meetingLink: z.string(),
        timeZone: z.string(),
        applyToOpenSlots: z.boolean(),
        trialPrice: z.string(),
      })
      // A candidate for the contract's schema to judge (the years may still be text): hence unknown.
      .transform((values): unknown => ({
        ...teacherFieldsBody(values),
        videoUrl: values.videoUrl.trim() || null,
        meetingLink: values.meetingLink.trim() || null,
        ...(withTimeZone ? { timeZone: values.timeZone } : {}),
        ...(values.applyToOpenSlots ? { applyToOpenSlots: true } : {}),
        trialPrice: values.trialPrice.trim() || null,
      }))
      .pipe(editorBodySchema)
  );
}
export type TeacherProfileBody = z.output<ReturnType<typeof teacherProfileFormSchema>>;

/** The editor's values checked by its schema: the body to send, or a code per field. */
export function checkTeacherProfile(
  values: TeacherProfileValues,
  options: { withTimeZone: boolean },
): { body: TeacherProfileBody } | { errors: Partial<Record<TeacherProfileField, string>> } {
  return checkWithSchema<ReturnType<typeof teacherProfileFormSchema>, TeacherProfileField>(
    teacherProfileFormSchema(options),
    values,
  );
}

/**
 * The public card as students would see it with these values: the bio and major of the page's
 * language (the Arabic bio when the English one is empty, as the server does), the chosen subjects'
 * names, the photo being chosen.
 */
export function previewOf(
  profile: TeacherProfile,
  values: TeacherProfileValues,
  {
    language,
    subjectNames,
    photoPath,
  }: { language: 'ar' | 'en'; subjectNames: Map<number, string>; photoPath: string | null },
): TeacherProfile {
  const rate = kwdTextOrNull(values.hourlyRate);
  const years = Number(toAsciiDigits(values.experienceYears).trim());
  const [ar, en] = [values.bioAr.trim(), values.bioEn.trim()];
  return {
    ...profile,
    bio: language === 'en' ? en || ar : ar || en,
    major: values.major.trim(),
    experienceYears: Number.isInteger(years) ? years : profile.experienceYears,
    hourlyRate: rate ?? profile.hourlyRate,
    trialPrice: values.trialPrice.trim() ? (kwdTextOrNull(values.trialPrice) ?? profile.trialPrice) : null,
    videoUrl: values.videoUrl.trim() || null,
    subjects: values.subjectIds.map((id) => ({ id, name: subjectNames.get(id) ?? '' })).filter((s) => s.name),
    user: {
      ...profile.user,
      photo: photoPath ? { id: profile.user.photo?.id ?? 'preview', path: photoPath } : null,
    },
  };
}
