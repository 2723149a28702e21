import type { AdminPackage, AdminPackageBody } from '@ustaz/contract';
import { PACKAGE_TYPES } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AdminForm, AmountField, BilingualFields, NumberField, useAdminForm } from '../ui/admin-form.tsx';
import { SelectField } from '../ui/form-fields.tsx';
import { useCreatePackage } from './api/create-package.ts';
import { useUpdatePackage } from './api/update-package.ts';
import {
  CatalogDialog,
  CatalogFields,
  type CatalogFormProps,
  catalogTextSchema,
  catalogTextValues,
} from './catalog-dialog.tsx';

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
  ...catalogTextSchema,
  hours: wholeNumber(1, 1000),
  price: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,3})?$/, 'invalid')
    .refine((value) => Number(value) > 0, 'tooSmall')
    .refine((value) => Number(value) <= 100_000, 'tooBig'),
  validityDays: wholeNumber(1, 3650),
  type: z.enum(PACKAGE_TYPES),
  featuresAr: featureLines,
  featuresEn: featureLines,
  discountPercentage: wholeNumber(0, 100),
  sortOrder: wholeNumber(0, 10_000),
  isActive: z.boolean(),
});
type PackageForm = z.input<typeof packageFormSchema>;
type PackageValues = z.output<typeof packageFormSchema>;

function formValues(item: AdminPackage | null): PackageForm {
  return {
    ...catalogTextValues(item),
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
  const create = useCreatePackage();
  const update = useUpdatePackage();
  return (
    <CatalogDialog open={open} item={item} texts="packageForm" create={create} update={update} onClose={onClose}>
      {(form) => <PackageFormView item={item} {...form} />}
    </CatalogDialog>
  );
}

function PackageFormView({ item, frame, onSave }: { item: AdminPackage | null } & CatalogFormProps<AdminPackageBody>) {
  const { t } = useTranslation('admin');
  const form = useAdminForm({
    schema: packageFormSchema,
    defaultValues: formValues(item),
    onSave: (values) => onSave(toBody(values)),
  });
  const featuresHelp = t('packageForm.featuresHelp', { max: MAX_FEATURES });
  return (
    <AdminForm form={form} {...frame} testId="package-form">
      <CatalogFields form={form} texts="packageForm">
        <NumberField form={form} name="hours" label={t('packageForm.hours')} min={1} max={1000} required />
        <AmountField
          form={form}
          name="price"
          label={t('packageForm.price')}
          helperText={t('packageForm.priceHelp')}
          required
        />
        <NumberField
          form={form}
          name="validityDays"
          label={t('packageForm.validityDays')}
          min={1}
          max={3650}
          required
        />
        <SelectField
          {...form.register('type')}
          label={t('packageForm.type')}
          options={[
            { value: 'standard', label: t('packages.types.standard') },
            { value: 'custom', label: t('packages.types.custom') },
          ]}
          error={form.error('type')}
        />
        <BilingualFields form={form} texts="packageForm" name="features" multiline rows={4} helperText={featuresHelp} />
        <NumberField
          form={form}
          name="discountPercentage"
          label={t('packageForm.discountPercentage')}
          min={0}
          max={100}
        />
      </CatalogFields>
    </AdminForm>
  );
}
