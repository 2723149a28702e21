import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminSubject, AdminSubjectBody } from '@ustaz/contract';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { Modal } from '../../../shared/ui/modal/modal.tsx';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { adminErrorText } from '../ui/admin-errors.ts';
import { applyServerFieldErrors, fieldErrorText } from '../ui/field-errors.ts';
import { CheckboxField, FormActions, TextAreaField } from '../ui/form-fields.tsx';
import { useCreateSubject } from './api/create-subject.ts';
import { useUpdateSubject } from './api/update-subject.ts';

/** The contract's limits with the locale file's error codes; numbers are typed as text. */
const subjectFormSchema = z.object({
  nameAr: z.string().trim().min(1, 'required').max(100, 'tooLong'),
  nameEn: z.string().trim().min(1, 'required').max(100, 'tooLong'),
  descriptionAr: z.string().trim().max(1000, 'tooLong'),
  descriptionEn: z.string().trim().max(1000, 'tooLong'),
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

const FIELDS = ['nameAr', 'nameEn', 'descriptionAr', 'descriptionEn', 'icon', 'sortOrder', 'isActive'] as const;

function formValues(subject: AdminSubject | null): SubjectForm {
  return {
    nameAr: subject?.nameAr ?? '',
    nameEn: subject?.nameEn ?? '',
    descriptionAr: subject?.descriptionAr ?? '',
    descriptionEn: subject?.descriptionEn ?? '',
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
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const create = useCreateSubject();
  const update = useUpdateSubject();
  const saving = create.isPending || update.isPending;
  function close() {
    if (!saving) onClose();
  }
  return (
    <Modal
      open={open}
      onClose={close}
      size="2xl"
      title={
        subject
          ? t('subjectForm.editTitle', { name: language === 'ar' ? subject.nameAr : subject.nameEn })
          : t('subjectForm.createTitle')
      }
    >
      <SubjectForm
        key={subject?.id ?? 'new'}
        subject={subject}
        saving={saving}
        onCancel={close}
        onSave={async (body) => {
          if (subject) await update.mutateAsync({ id: subject.id, body });
          else await create.mutateAsync(body);
          void notify.success(t(subject ? 'subjectForm.saved' : 'subjectForm.created'));
          onClose();
        }}
      />
    </Modal>
  );
}

function SubjectForm({
  subject,
  saving,
  onCancel,
  onSave,
}: {
  subject: AdminSubject | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (body: AdminSubjectBody) => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SubjectForm, unknown, SubjectValues>({
    resolver: zodResolver(subjectFormSchema),
    defaultValues: formValues(subject),
  });
  const error = (code: string | undefined) => fieldErrorText(code, t);

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(toBody(values));
    } catch (failure) {
      if (!applyServerFieldErrors(failure, setError, FIELDS)) void notify.error(adminErrorText(failure, t));
    }
  });

  return (
    <form
      onSubmit={(event: FormEvent) => void submit(event)}
      noValidate
      className="flex flex-col gap-4"
      data-testid="subject-form"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          {...register('nameAr')}
          label={t('subjectForm.nameAr')}
          dir="rtl"
          lang="ar"
          maxLength={100}
          required
          error={error(errors.nameAr?.message)}
        />
        <TextInput
          {...register('nameEn')}
          label={t('subjectForm.nameEn')}
          dir="ltr"
          lang="en"
          maxLength={100}
          required
          error={error(errors.nameEn?.message)}
        />
        <TextAreaField
          {...register('descriptionAr')}
          label={t('subjectForm.descriptionAr')}
          dir="rtl"
          lang="ar"
          maxLength={1000}
          error={error(errors.descriptionAr?.message)}
        />
        <TextAreaField
          {...register('descriptionEn')}
          label={t('subjectForm.descriptionEn')}
          dir="ltr"
          lang="en"
          maxLength={1000}
          error={error(errors.descriptionEn?.message)}
        />
        <TextInput
          {...register('icon')}
          label={t('subjectForm.icon')}
          helperText={t('subjectForm.iconHelp')}
          dir="ltr"
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          error={error(errors.icon?.message)}
        />
        <TextInput
          {...register('sortOrder')}
          label={t('subjectForm.sortOrder')}
          helperText={t('subjectForm.sortOrderHelp')}
          type="number"
          inputMode="numeric"
          min={0}
          max={10_000}
          dir="ltr"
          error={error(errors.sortOrder?.message)}
        />
      </div>
      <CheckboxField
        {...register('isActive')}
        label={t('subjectForm.isActive')}
        helperText={t('subjectForm.isActiveHelp')}
      />
      <FormActions
        pending={saving}
        onCancel={onCancel}
        submitText={saving ? t('actions.saving') : subject ? t('actions.save') : t('actions.create')}
      />
    </form>
  );
}
