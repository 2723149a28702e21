import { type TeacherApplicationBody, teacherApplicationBodySchema } from '@ustaz/contract';
import { z } from 'zod';
import { checkWithSchema } from '../../shared/lib/schema-field-codes.ts';
import {
  TEACHER_FIELDS_SHAPE,
  type TeacherFieldValues,
  teacherFieldsBody,
} from '../../shared/teachers/teacher-form.ts';

/** The form as typed: the teacher form's fields and a subject the list lacks. */
export type ApplicationValues = TeacherFieldValues & {
  missingSubject: string;
  /** The uploaded certificate, once there is one (no field: the picker uploads it on sending). */
  certificateFileId?: string | null;
};

export type ApplicationField = keyof ApplicationValues;

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
 * The form's values read as the body (numbers in Latin digits, empties left out) and checked by
 * the contract's own schema, the one the server checks: the form's resolver.
 */
export const applicationFormSchema = z
  .object({ ...TEACHER_FIELDS_SHAPE, missingSubject: z.string(), certificateFileId: z.string().nullish() })
  .transform((values) => ({
    ...teacherFieldsBody(values),
    videoUrl: values.videoUrl.trim() || undefined,
    ...(values.missingSubject.trim() ? { missingSubject: values.missingSubject } : {}),
    ...(values.certificateFileId ? { certificateFileId: values.certificateFileId } : {}),
  }))
  .pipe(teacherApplicationBodySchema);

/** The values (with the certificate uploaded, if any) checked by the form's schema: the body to send, or a code per field. */
export function checkApplication(
  values: ApplicationValues,
  certificateFileId: string | null,
): { body: TeacherApplicationBody } | { errors: Partial<Record<ApplicationField, string>> } {
  return checkWithSchema<typeof applicationFormSchema, ApplicationField>(applicationFormSchema, {
    ...values,
    certificateFileId,
  });
}
