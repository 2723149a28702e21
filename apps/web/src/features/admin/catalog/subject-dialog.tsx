import type { AdminSubject, AdminSubjectBody } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { AdminForm, useAdminForm } from '../ui/admin-form.tsx';
import { useCreateSubject } from './api/create-subject.ts';
import { useUpdateSubject } from './api/update-subject.ts';
import {
  CatalogDialog,
  CatalogFields,
  type CatalogFormProps,
  catalogTextSchema,
  catalogTextValues,
} from './catalog-dialog.tsx';

/** The contract's limits with the locale file's error codes; numbers are typed as text. */
const subjectFormSchema = z.object({
  ...catalogTextSchema,
  icon: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'invalidIcon'),
  sortOrder: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, 'invalid')
    .refine((value) => Number(value) <= 10_000, 'tooBig'),
  isActive: z.boolean(),
});
type SubjectForm = z.input<typeof subjectFormSchema>;
type SubjectValues = z.output<typeof subjectFormSchema>;

function formValues(subject: AdminSubject | null): SubjectForm {
  return {
    ...catalogTextValues(subject),
    icon: subject?.icon ?? 'book-open',
    sortOrder: String(subject?.sortOrder ?? 0),
    isActive: subject?.isActive ?? true,
  };
}

function toBody(values: SubjectValues): AdminSubjectBody {
  return { ...values, sortOrder: Number(values.sortOrder) };
}

/** `subject` null creates one; otherwise edits it. Open while `open`. */
export function SubjectDialog({
  open,
  subject,
  onClose,
}: {
  open: boolean;
  subject: AdminSubject | null;
  onClose: () => void;
}) {
  const create = useCreateSubject();
  const update = useUpdateSubject();
  return (
    <CatalogDialog open={open} item={subject} texts="subjectForm" create={create} update={update} onClose={onClose}>
      {(form) => <SubjectForm subject={subject} {...form} />}
    </CatalogDialog>
  );
}

function SubjectForm({
  subject,
  frame,
  onSave,
}: { subject: AdminSubject | null } & CatalogFormProps<AdminSubjectBody>) {
  const { t } = useTranslation('admin');
  const form = useAdminForm({
    schema: subjectFormSchema,
    defaultValues: formValues(subject),
    onSave: (values) => onSave(toBody(values)),
  });
  return (
    <AdminForm form={form} {...frame} testId="subject-form">
      <CatalogFields form={form} texts="subjectForm">
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
