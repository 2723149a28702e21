import { type AdminPackage, type AdminPackageBody, kwdTextOrNull } from '@ustaz/contract';
import { PACKAGE_TYPES } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AdminForm, AmountField, BilingualFields, NumberField, type useAdminForm } from '../ui/admin-form.tsx';
import { SelectField } from '../ui/form-fields.tsx';
import { useCreatePackage } from './api/create-package.ts';
import { useUpdatePackage } from './api/update-package.ts';
import {
  CatalogFields,
  type CatalogFormProps,
  type CatalogKind,
  catalogBody,
  catalogSchema,
  catalogValues,
  useCatalogForm,
  wholeNumber,
} from './catalog-dialog.tsx';

const MAX_FEATURES = 20;

/** The limits of the whole numbers of a package (the contract's); one above 0 must be filled in. */
const WHOLE_NUMBERS = {
  hours: { min: 1, max: 1000 },
  validityDays: { min: 1, max: 3650 },
  discountPercentage: { min: 0, max: 100 },
} as const;

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
  ...catalogSchema,
  hours: wholeNumber(WHOLE_NUMBERS.hours),
  // Read by the contract's one amount parser (readKwdText): "1٬5" is refused, not 15.
  price: z
    .string()
    .overwrite((text) => kwdTextOrNull(text) ?? text)
    .regex(/^\d{1,7}(\.\d{1,3})?$/, 'invalid')
    .refine((value) => Number(value) > 0, 'tooSmall')
    .refine((value) => Number(value) <= 100_000, 'tooBig'),
  validityDays: wholeNumber(WHOLE_NUMBERS.validityDays),
  type: z.enum(PACKAGE_TYPES),
  featuresAr: featureLines,
  featuresEn: featureLines,
  discountPercentage: wholeNumber(WHOLE_NUMBERS.discountPercentage),
});
type PackageForm = z.input<typeof packageFormSchema>;
type PackageValues = z.output<typeof packageFormSchema>;

function formValues(item: AdminPackage | null): PackageForm {
  return {
    ...catalogValues(item),
    hours: item ? String(item.hours) : '',
    price: item?.price ?? '',
    validityDays: item ? String(item.validityDays) : '30',
    type: item?.type ?? 'standard',
    featuresAr: item?.featuresAr.join('\n') ?? '',
    featuresEn: item?.featuresEn.join('\n') ?? '',
    discountPercentage: String(item?.discountPercentage ?? 0),
  };
}

function toBody(values: PackageValues): AdminPackageBody {
  return {
    ...catalogBody(values),
    hours: Number(values.hours),
    validityDays: Number(values.validityDays),
    featuresAr: lines(values.featuresAr),
    featuresEn: lines(values.featuresEn),
    discountPercentage: Number(values.discountPercentage),
  };
}

/** The form of a package in the catalog dialog: `item` null for a new one. */
export function PackageFormView({
  item,
  ...props
}: { item: AdminPackage | null } & CatalogFormProps<AdminPackageBody>) {
  const { t } = useTranslation('admin');
  const form = useCatalogForm(packageFormSchema, formValues(item), toBody, props.onSave);
  const featuresHelp = t('packageForm.featuresHelp', { max: MAX_FEATURES });
  return (
    <AdminForm form={form} {...props.frame} testId="package-form">
      <CatalogFields form={form} texts="packageForm">
        <WholeNumberField form={form} name="hours" />
        <AmountField
          form={form}
          name="price"
          label={t('packageForm.price')}
          helperText={t('packageForm.priceHelp')}
          required
        />
        <WholeNumberField form={form} name="validityDays" />
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
        <WholeNumberField form={form} name="discountPercentage" />
      </CatalogFields>
    </AdminForm>
  );
}

/** A whole number of the package within its limits, labelled by `packageForm.<name>`. */
function WholeNumberField({
  form,
  name,
}: {
  form: ReturnType<typeof useAdminForm<PackageForm, PackageValues>>;
  name: keyof typeof WHOLE_NUMBERS;
}) {
  const { t } = useTranslation('admin');
  const { min, max } = WHOLE_NUMBERS[name];
  return (
    <NumberField form={form} name={name} label={t(`packageForm.${name}`)} min={min} max={max} required={min > 0} />
  );
}

/** The packages as the catalog list page and its dialog take them. */
export const PACKAGES: CatalogKind<AdminPackage, AdminPackageBody> = {
  texts: 'packages',
  useCreate: useCreatePackage,
  useUpdate: useUpdatePackage,
  Form: PackageFormView,
};
