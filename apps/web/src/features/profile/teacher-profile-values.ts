import {
  kwdTextOrNull,
  type OwnTeacherProfile,
  type TeacherProfile,
  type TeacherProfilePatch,
  teacherProfilePatchSchema,
  toAsciiDigits,
} from '@ustaz/contract';
import { checkWithSchema } from '../../shared/lib/schema-field-codes.ts';

/** The teacher's editor as typed: numbers stay text until sent (Arabic-Indic digits are accepted). */
export type TeacherProfileValues = {
  bioAr: string;
  bioEn: string;
  major: string;
  experienceYears: string;
  hourlyRate: string;
  videoUrl: string;
  /** The Zoom/Meet/Teams link for every lesson (empty: lessons use the lesson room). */
  meetingLink: string;
  subjectIds: number[];
  timeZone: string;
  /** Also reprice the open slots ahead (held and booked ones never change). */
  applyToOpenSlots: boolean;
};

/** The fields a check or a 422 may name, in the form's order (the first one with an error gets the focus). */
export const TEACHER_PROFILE_FIELDS = [
  'bioAr',
  'bioEn',
  'major',
  'experienceYears',
  'subjectIds',
  'hourlyRate',
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
  };
}

/** A typed number as the contract takes it: Latin digits, a number when it is one, else the text (refused). */
function typedNumber(text: string): number | string | undefined {
  const latin = toAsciiDigits(text).trim();
  if (latin === '') return undefined;
  return /^\d+$/.test(latin) ? Number(latin) : latin;
}

/**
 * The editor's values checked by the contract's PATCH schema (the server checks the same one) and
 * the server's rate cap: the body to send, or a code per field. The rate reprices open slots only
 * when the teacher asks; the time zone goes along only when the profile has one.
 */
export function checkTeacherProfile(
  values: TeacherProfileValues,
  { withTimeZone }: { withTimeZone: boolean },
): { body: TeacherProfilePatch } | { errors: Partial<Record<TeacherProfileField, string>> } {
  // The rate as typed: the contract's schema reads it with the one amount parser (readKwdText).
  const rate = values.hourlyRate.trim();
  const candidate = {
    bioAr: values.bioAr,
    bioEn: values.bioEn,
    major: values.major,
    experienceYears: typedNumber(values.experienceYears),
    hourlyRate: rate,
    videoUrl: values.videoUrl.trim() || null,
    meetingLink: values.meetingLink.trim() || null,
    subjectIds: values.subjectIds,
    ...(withTimeZone ? { timeZone: values.timeZone } : {}),
    ...(values.applyToOpenSlots ? { applyToOpenSlots: true } : {}),
  };
  const checked = checkWithSchema<typeof teacherProfilePatchSchema, TeacherProfileField>(
    teacherProfilePatchSchema,
    candidate,
  );
  const errors = 'errors' in checked ? checked.errors : {};
  if (candidate.experienceYears === undefined) errors.experienceYears = 'required';
  if (rate === '') errors.hourlyRate = 'required';
  if ('body' in checked && Object.keys(errors).length === 0) return { body: checked.body };
  return { errors };
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
    videoUrl: values.videoUrl.trim() || null,
    subjects: values.subjectIds.map((id) => ({ id, name: subjectNames.get(id) ?? '' })).filter((s) => s.name),
    user: {
      ...profile.user,
      photo: photoPath ? { id: profile.user.photo?.id ?? 'preview', path: photoPath } : null,
    },
  };
}
