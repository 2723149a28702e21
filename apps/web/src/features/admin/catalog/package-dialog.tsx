import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminPackage, AdminPackageBody } from '@ustaz/contract';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { ERROR_TEXTS, errorText, fieldErrorText } from '../../../shared/lib/error-text.ts';
import { applyServerFieldErrors } from '../../../shared/lib/server-field-errors.ts';
import { Modal } from '../../../shared/ui/modal/modal.tsx';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { CheckboxField, FormActions, SelectField, TextAreaField } from '../ui/form-fields.tsx';
import { useCreatePackage } from './api/create-package.ts';
import { useUpdatePackage } from './api/update-package.ts';

const MAX_FEATURES = 20;

/** A whole number typed as text, between min and max. */
function wholeNumber(min: number, max: number) {
  return z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'invalid')
    .refine((value) => Number(value) >= min, 'tooSmall')
    .refine((value) => Number(value) <= max, 'tooBig');
}

/** One feature a line; blank lines are dropped. */
function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

const featureLines = z
  .string()
  .refine((text) => lines(text).length <= MAX_FEATURES, 'tooManyFeatures')
  .refine((text) => lines(text).every((line) => line.length <= 200), 'tooLong');

/** The contract's limits with the locale file's error codes; numbers are typed as text. */
const packageFormSchema = z.object({
  nameAr: z.string().trim().min(1, 'required').max(100, 'tooLong'),
  nameEn: z.string().trim().min(1, 'required').max(100, 'tooLong'),
  descriptionAr: z.string().trim().max(1000, 'tooLong'),
  descriptionEn: z.string().trim().max(1000, 'tooLong'),
  hours: wholeNumber(1, 1000),
  price: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,3})?$/, 'invalid')
    .refine((value) => Number(value) > 0, 'tooSmall')
    .refine((value) => Number(value) <= 100_000, 'tooBig'),
  validityDays: wholeNumber(1, 3650),
  type: z.enum(['standard', 'custom']),
  featuresAr: featureLines,
  featuresEn: featureLines,
  discountPercentage: wholeNumber(0, 100),
  sortOrder: wholeNumber(0, 10_000),
  isActive: z.boolean(),
});
type PackageForm = z.input<typeof packageFormSchema>;
type PackageValues = z.output<typeof packageFormSchema>;

const FIELDS = [
  'nameAr',
  'nameEn',
  'descriptionAr',
  'descriptionEn',
  'hours',
  'price',
  'validityDays',
  'type',
  'featuresAr',
  'featuresEn',
  'discountPercentage',
  'sortOrder',
  'isActive',
] as const;

function formValues(item: AdminPackage | null): PackageForm {
  return {
    nameAr: item?.nameAr ?? '',
    nameEn: item?.nameEn ?? '',
    descriptionAr: item?.descriptionAr ?? '',
    descriptionEn: item?.descriptionEn ?? '',
    hours: item ? String(item.hours) : '',
    price: item?.price ?? '',
    validityDays: item ? String(item.validityDays) : '30',
    type: item?.type ?? 'standard',
    featuresAr: item?.featuresAr.join('\n') ?? '',
    featuresEn: item?.featuresEn.join('\n') ?? '',
    discountPercentage: String(item?.discountPercentage ?? 0),
    sortOrder: String(item?.sortOrder ?? 0),
    isActive: item?.isActive ?? true,
  };
}

function toBody(values: PackageValues): AdminPackageBody {
  return {
    ...values,
    hours: Number(values.hours),
    validityDays: Number(values.validityDays),
    featuresAr: lines(values.featuresAr),
    featuresEn: lines(values.featuresEn),
    discountPercentage: Number(values.discountPercentage),
    sortOrder: Number(values.sortOrder),
  };
}

/** `item` null creates a package; otherwise edits it. */
export function PackageDialog({
  open,
  item,
  onClose,
}: {
  open: boolean;
  item: AdminPackage | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const create = useCreatePackage();
  const update = useUpdatePackage();
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
        item
          ? t('packageForm.editTitle', { name: language === 'ar' ? item.nameAr : item.nameEn })
          : t('packageForm.createTitle')
      }
    >
      <PackageFormView
        key={item?.id ?? 'new'}
        item={item}
        saving={saving}
        onCancel={close}
        onSave={async (body) => {
          if (item) await update.mutateAsync({ id: item.id, body });
          else await create.mutateAsync(body);
          void notify.success(t(item ? 'packageForm.saved' : 'packageForm.created'));
          onClose();
        }}
      />
    </Modal>
  );
}

function PackageFormView({
  item,
  saving,
  onCancel,
  onSave,
}: {
  item: AdminPackage | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (body: AdminPackageBody) => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PackageForm, unknown, PackageValues>({
    resolver: zodResolver(packageFormSchema),
    defaultValues: formValues(item),
  });
  const error = (code: string | undefined) => fieldErrorText(code, t);

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(toBody(values));
    } catch (failure) {
      if (!applyServerFieldErrors(failure, setError, FIELDS))
        void notify.error(errorText(failure, t, ERROR_TEXTS.admin));
    }
  });

  return (
    <form
      onSubmit={(event: FormEvent) => void submit(event)}
      noValidate
      className="flex flex-col gap-4"
      data-testid="package-form"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          {...register('nameAr')}
          label={t('packageForm.nameAr')}
          dir="rtl"
          lang="ar"
          maxLength={100}
          required
          error={error(errors.nameAr?.message)}
        />
        <TextInput
          {...register('nameEn')}
          label={t('packageForm.nameEn')}
          dir="ltr"
          lang="en"
          maxLength={100}
          required
          error={error(errors.nameEn?.message)}
        />
        <TextAreaField
          {...register('descriptionAr')}
          label={t('packageForm.descriptionAr')}
          dir="rtl"
          lang="ar"
          maxLength={1000}
          error={error(errors.descriptionAr?.message)}
        />
        <TextAreaField
          {...register('descriptionEn')}
          label={t('packageForm.descriptionEn')}
          dir="ltr"
          lang="en"
          maxLength={1000}
          error={error(errors.descriptionEn?.message)}
        />
        <TextInput
          {...register('hours')}
          label={t('packageForm.hours')}
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          dir="ltr"
          required
          error={error(errors.hours?.message)}
        />
        <TextInput
          {...register('price')}
          label={t('packageForm.price')}
          helperText={t('packageForm.priceHelp')}
          inputMode="decimal"
          dir="ltr"
          required
          error={error(errors.price?.message)}
        />
        <TextInput
          {...register('validityDays')}
          label={t('packageForm.validityDays')}
          type="number"
          inputMode="numeric"
          min={1}
          max={3650}
          dir="ltr"
          required
          error={error(errors.validityDays?.message)}
        />
        <SelectField
          {...register('type')}
          label={t('packageForm.type')}
          options={[
            { value: 'standard', label: t('packages.types.standard') },
            { value: 'custom', label: t('packages.types.custom') },
          ]}
          error={error(errors.type?.message)}
        />
        <TextAreaField
          {...register('featuresAr')}
          label={t('packageForm.featuresAr')}
          helperText={t('packageForm.featuresHelp', { max: MAX_FEATURES })}
          dir="rtl"
          lang="ar"
          rows={4}
          error={error(errors.featuresAr?.message)}
        />
        <TextAreaField
          {...register('featuresEn')}
          label={t('packageForm.featuresEn')}
          helperText={t('packageForm.featuresHelp', { max: MAX_FEATURES })}
          dir="ltr"
          lang="en"
          rows={4}
          error={error(errors.featuresEn?.message)}
        />
        <TextInput
          {...register('discountPercentage')}
          label={t('packageForm.discountPercentage')}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          dir="ltr"
          error={error(errors.discountPercentage?.message)}
        />
        <TextInput
          {...register('sortOrder')}
          label={t('packageForm.sortOrder')}
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
        label={t('packageForm.isActive')}
        helperText={t('packageForm.isActiveHelp')}
      />
      <FormActions
        pending={saving}
        onCancel={onCancel}
        submitText={saving ? t('actions.saving') : item ? t('actions.save') : t('actions.create')}
      />
    </form>
  );
}
