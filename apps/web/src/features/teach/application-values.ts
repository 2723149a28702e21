import { type TeacherApplicationBody, teacherApplicationBodySchema, toAsciiDigits } from '@ustaz/contract';
import { checkWithSchema } from '../../shared/lib/schema-field-codes.ts';

/** The form as typed: numbers stay text until sent (Arabic-Indic digits are accepted). */
export type ApplicationValues = {
  bioAr: string;
  bioEn: string;
  major: string;
  experienceYears: string;
  hourlyRate: string;
  subjectIds: number[];
  missingSubject: string;
  videoUrl: string;
};

export type ApplicationField = keyof ApplicationValues | 'certificateFileId';

export const EMPTY_APPLICATION: ApplicationValues = {
  bioAr: '',
  bioEn: '',
  major: '',
  experienceYears: '',
  hourlyRate: '',
  subjectIds: [],
  missingSubject: '',
  videoUrl: '',
};

/**
 * The form's values checked by the contract's own schema (the server checks the same one): the
 * body to send, or a code per field.
 */
export function checkApplication(
  values: ApplicationValues,
  certificateFileId: string | null,
): { body: TeacherApplicationBody } | { errors: Partial<Record<ApplicationField, string>> } {
  const years = toAsciiDigits(values.experienceYears.trim());
  const candidate = {
    bioAr: values.bioAr,
    bioEn: values.bioEn,
    major: values.major,
    experienceYears: years === '' ? undefined : /^\d+$/.test(years) ? Number(years) : years,
    // As typed: the contract's schema reads it with the one amount parser (readKwdText).
    hourlyRate: values.hourlyRate.trim() || undefined,
    subjectIds: values.subjectIds,
    videoUrl: values.videoUrl.trim() || undefined,
    ...(values.missingSubject.trim() ? { missingSubject: values.missingSubject } : {}),
    ...(certificateFileId ? { certificateFileId } : {}),
  };
  return checkWithSchema<typeof teacherApplicationBodySchema, ApplicationField>(
    teacherApplicationBodySchema,
    candidate,
  );
}
