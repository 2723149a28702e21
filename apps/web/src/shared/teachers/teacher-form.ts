import { zodResolver } from '@hookform/resolvers/zod';
import {
  BOOKING,
  filsToNumber,
  MEETING_LINK_MAX,
  minSlotPriceFils,
  TEACHER_APPLICATION_LIMITS,
  TEACHER_BIO_MAX,
  TRIAL_MINUTES,
  toAsciiDigits,
} from '@ustaz/contract';
import type { Language } from '@ustaz/contract/constants';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type SubmitHandler,
  type UseFormRegisterReturn,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type Translate, translate } from '../i18n/translate.ts';
import { useCurrentLanguage } from '../i18n/use-current-language.ts';
import { formatKwd, formatNumber } from '../lib/format.ts';
import { WITH_FIELD_CODES } from '../lib/schema-field-codes.ts';
import { serverFieldErrors } from '../lib/server-field-errors.ts';

/**
 * The teacher form, once: the fields a teacher presents themself with, shared by the application
 * to teach (features/teach) and the teacher's own editor (features/profile). Each page keeps its
 * schema (the contract's body schema behind a step that reads what was typed), its extra fields
 * and its layout; the values, the checks, the field codes' texts and the focus live here.
 */

/**
 * The shared fields as typed, the start of each page's schema: numbers stay text until the
 * contract's schema reads them (Arabic-Indic digits are accepted).
 */
export const TEACHER_FIELDS_SHAPE = {
  bioAr: z.string(),
  bioEn: z.string(),
  major: z.string(),
  experienceYears: z.string(),
  hourlyRate: z.string(),
  subjectIds: z.array(z.number()),
  videoUrl: z.string(),
};
export type TeacherFieldValues = z.input<z.ZodObject<typeof TEACHER_FIELDS_SHAPE>>;

/** A typed whole number as the contract takes it: Latin digits, a number when it is one, else the text (refused). */
export function typedNumber(text: string): number | string | undefined {
  const latin = toAsciiDigits(text).trim();
  if (latin === '') return undefined;
  return /^\d+$/.test(latin) ? Number(latin) : latin;
}

/** The shared fields as the contract's bodies take them (the video link is each form's own: required or not). */
export function teacherFieldsBody(values: Omit<TeacherFieldValues, 'videoUrl'>) {
  return {
    bioAr: values.bioAr,
    bioEn: values.bioEn,
    major: values.major,
    experienceYears: typedNumber(values.experienceYears),
    // As typed: the contract's schema reads it with the one amount parser (readKwdText).
    hourlyRate: values.hourlyRate.trim() || undefined,
    subjectIds: values.subjectIds,
  };
}

/** The longest text of each field, for its `tooLong` text (the contract's limits). */
const MAX_LENGTHS: Record<string, number> = {
  bioAr: TEACHER_BIO_MAX,
  bioEn: TEACHER_BIO_MAX,
  major: 120,
  missingSubject: TEACHER_APPLICATION_LIMITS.missingSubjectMax,
  subjectIds: TEACHER_APPLICATION_LIMITS.maxSubjects,
  videoUrl: 300,
  meetingLink: MEETING_LINK_MAX,
};

/** The text of a field's code (the form's check or the server's) in common:teacherForm.errors, else `invalid`. */
export function teacherFieldError(t: Translate, language: Language, field: string, code: string | undefined) {
  if (!code) return undefined;
  // A rate below BOOKING.minPricePerHourKwd (the form's check or the server's) says the minimum.
  const key =
    code !== 'tooSmall'
      ? code
      : field === 'hourlyRate'
        ? 'rateTooSmall'
        : field === 'trialPrice'
          ? 'trialTooSmall'
          : code;
  return translate(t, `teacherForm.errors.${key}`, {
    defaultValue: translate(t, 'teacherForm.errors.invalid'),
    max: formatNumber(MAX_LENGTHS[field] ?? TEACHER_BIO_MAX, language),
    min: formatKwd(BOOKING.minPricePerHourKwd, language),
    trialMin: formatKwd(filsToNumber(minSlotPriceFils(TRIAL_MINUTES)), language),
  });
}

/** What a field of the form is given: react-hook-form's registration, its element id and its error text. */
export type FieldBinding = UseFormRegisterReturn & { id: string | undefined; error: string | undefined };

/**
 * A teacher form on react-hook-form: `schema` (input: the typed values, output: the body) checked
 * with the server's field codes, each shown under its field in the viewer's language (`message`
 * for a field whose error is a locale key of the page instead). On a refusal, the first field in
 * `fields` order with an error gets the focus, centred so the sticky navigation bar does not cover
 * it; `showServerErrors` does the same with a 422's codes.
 */
export function useTeacherForm<Values extends TeacherFieldValues & FieldValues, Body>({
  schema,
  defaultValues,
  fields,
  ids,
  message,
}: {
  schema: z.ZodType<Body, Values>;
  defaultValues: DefaultValues<Values>;
  fields: readonly Path<Values>[];
  ids: Partial<Record<Path<Values>, string>>;
  message?: (field: Path<Values>, key: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const form = useForm<Values, unknown, Body>({
    resolver: zodResolver(schema, WITH_FIELD_CODES),
    defaultValues,
    shouldFocusError: false,
  });
  const chosen = useWatch({ control: form.control, name: 'subjectIds' as Path<Values> }) as number[];
  const videoLink = useWatch({ control: form.control, name: 'videoUrl' as Path<Values> }) as string;

  function focusFirst(errors: FieldErrors<Values> | Partial<Record<Path<Values>, unknown>>) {
    const first = fields.find((field) => get(errors, field));
    const id = first ? ids[first] : undefined;
    const element = id ? document.getElementById(id) : null;
    element?.focus({ preventScroll: true });
    element?.scrollIntoView?.({ block: 'center' });
  }

  function error(field: Path<Values>): string | undefined {
    const key = (get(form.formState.errors, field) as { message?: string } | undefined)?.message;
    return (key && message?.(field, key)) || teacherFieldError(t, language, field, key);
  }

  return {
    ...form,
    error,
    /** A field's registration with its element id and error text. */
    bind: (field: Path<Values>): FieldBinding => ({ ...form.register(field), id: ids[field], error: error(field) }),
    /** The subjects chosen, how a chip toggles one (checked again once the form was sent), and their error. */
    subjects: {
      chosen,
      onToggle: (id: number, checked: boolean) =>
        form.setValue(
          'subjectIds' as Path<Values>,
          (checked ? [...chosen, id] : chosen.filter((item) => item !== id)) as Values[Path<Values>],
          { shouldValidate: form.formState.isSubmitted },
        ),
      error: error('subjectIds' as Path<Values>),
    },
    /** The video link as typed, for its live preview. */
    videoLink,
    /** handleSubmit that focuses the first refused field. */
    onSubmit: (onValid: SubmitHandler<Body>) => form.handleSubmit(onValid, focusFirst),
    /** The field codes of a failed call under their fields, the first focused: false when it named none of them. */
    showServerErrors(failure: unknown): boolean {
      const codes = serverFieldErrors(failure, fields);
      for (const [field, code] of codes) form.setError(field, { type: 'server', message: code });
      focusFirst(Object.fromEntries(codes) as Partial<Record<Path<Values>, unknown>>);
      return codes.length > 0;
    },
  };
}
