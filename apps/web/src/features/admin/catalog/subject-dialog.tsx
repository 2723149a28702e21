import {
  type AdminSubject,
  type AdminSubjectBody,
  SUBJECT_SYNONYM_MAX_LENGTH,
  SUBJECT_SYNONYMS_MAX,
} from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { AdminForm, BilingualFields } from '../ui/admin-form.tsx';
import { useCreateSubject } from './api/create-subject.ts';
import { useUpdateSubject } from './api/update-subject.ts';
import {
  CatalogFields,
  type CatalogFormProps,
  type CatalogKind,
  catalogBody,
  catalogSchema,
  catalogValues,
  useCatalogForm,
} from './catalog-dialog.tsx';

/** Synonyms typed in one field, separated by commas (Latin or Arabic); blanks and repeats dropped. */
export function synonymsOf(text: string): string[] {
  const words = text
    .split(/[,،\n]/)
    .map((word) => word.trim())
    .filter(Boolean);
  return [...new Set(words)];
}

const synonymsText = z
  .string()
  .refine((text) => synonymsOf(text).length <= SUBJECT_SYNONYMS_MAX, 'tooManySynonyms')
  .refine((text) => synonymsOf(text).every((word) => word.length <= SUBJECT_SYNONYM_MAX_LENGTH), 'synonymTooLong');

/** The contract's limits with the locale file's error codes; numbers are typed as text. */
const subjectFormSchema = z.object({
  ...catalogSchema,
  synonymsAr: synonymsText,
  synonymsEn: synonymsText,
  icon: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'invalidIcon'),
});
type SubjectForm = z.input<typeof subjectFormSchema>;
type SubjectValues = z.output<typeof subjectFormSchema>;

function formValues(subject: AdminSubject | null): SubjectForm {
  return {
    ...catalogValues(subject),
    synonymsAr: subject?.synonymsAr.join('، ') ?? '',
    synonymsEn: subject?.synonymsEn.join(', ') ?? '',
    icon: subject?.icon ?? 'book-open',
  };
}

function toBody(values: SubjectValues): AdminSubjectBody {
  return {
    ...catalogBody(values),
    synonymsAr: synonymsOf(values.synonymsAr),
    synonymsEn: synonymsOf(values.synonymsEn),
  };
}

/** The form of a subject in the catalog dialog: `item` null for a new one. */
export function SubjectForm({ item, ...props }: { item: AdminSubject | null } & CatalogFormProps<AdminSubjectBody>) {
  const { t } = useTranslation('admin');
  const form = useCatalogForm(subjectFormSchema, formValues(item), toBody, props.onSave);
  return (
    <AdminForm form={form} {...props.frame} testId="subject-form">
      <CatalogFields form={form} texts="subjectForm">
        <BilingualFields form={form} texts="subjectForm" name="synonyms" helperText={t('subjectForm.synonymsHelp')} />
        <TextInput
          {...form.register('icon')}
          label={t('subjectForm.icon')}
          helperText={t('subjectForm.iconHelp')}
          dir="ltr"
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          error={form.error('icon')}
        />
      </CatalogFields>
    </AdminForm>
  );
}

/** The subjects as the catalog list page and its dialog take them. */
export const SUBJECTS: CatalogKind<AdminSubject, AdminSubjectBody> = {
  texts: 'subjects',
  useCreate: useCreateSubject,
  useUpdate: useUpdateSubject,
  Form: SubjectForm,
};
