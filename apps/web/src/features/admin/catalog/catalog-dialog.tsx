import { toAsciiDigits } from '@ustaz/contract';
import type { ComponentType, ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { Modal } from '../../../shared/ui/modal/modal.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { BilingualFields, NumberField, useAdminForm } from '../ui/admin-form.tsx';
import { CheckboxField } from '../ui/form-fields.tsx';

type CatalogText = { nameAr: string; nameEn: string; descriptionAr: string; descriptionEn: string };
type CatalogItem = CatalogText & { sortOrder: number; isActive: boolean };
type CatalogForm = CatalogText & { sortOrder: string; isActive: boolean };

/** A whole number typed as text (in any digits), between min and max. */
export function wholeNumber({ min, max }: { min: number; max: number }) {
  return z
    .string()
    .overwrite(toAsciiDigits)
    .trim()
    .regex(/^\d{1,6}$/, 'invalid')
    .refine((value) => Number(value) >= min, 'tooSmall')
    .refine((value) => Number(value) <= max, 'tooBig');
}

/**
 * What a subject and a package both have: names and descriptions in both languages, a sort order
 * and "on sale". The contract's limits, the locale's codes.
 */
export const catalogSchema = {
  nameAr: z.string().trim().min(1, 'required').max(100, 'tooLong'),
  nameEn: z.string().trim().min(1, 'required').max(100, 'tooLong'),
  descriptionAr: z.string().trim().max(1000, 'tooLong'),
  descriptionEn: z.string().trim().max(1000, 'tooLong'),
  sortOrder: wholeNumber({ min: 0, max: 10_000 }),
  isActive: z.boolean(),
};

/** The form's shared fields of `item` (a new one's: empty, first, on sale). */
export function catalogValues(item: CatalogItem | null): CatalogForm {
  return {
    nameAr: item?.nameAr ?? '',
    nameEn: item?.nameEn ?? '',
    descriptionAr: item?.descriptionAr ?? '',
    descriptionEn: item?.descriptionEn ?? '',
    sortOrder: String(item?.sortOrder ?? 0),
    isActive: item?.isActive ?? true,
  };
}

/** The saved values as a body: the sort order as a number. */
export function catalogBody<Values extends { sortOrder: string }>(values: Values) {
  return { ...values, sortOrder: Number(values.sortOrder) };
}

/**
 * The fields of a catalog form around its own (the children): the name and description in both
 * languages first, the sort order last, then "on sale" under the grid.
 */
export function CatalogFields<Form extends FieldValues & CatalogForm>({
  form,
  texts,
  children,
}: {
  form: ReturnType<typeof useAdminForm<Form, unknown>>;
  texts: 'subjectForm' | 'packageForm';
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {/* Form extends CatalogForm, so these fields exist; TypeScript cannot see it through the generic. */}
        <BilingualFields form={form} texts={texts} name={'name' as never} maxLength={100} required />
        <BilingualFields form={form} texts={texts} name={'description' as never} multiline maxLength={1000} />
        {children}
        <NumberField
          form={form}
          name={'sortOrder' as Path<Form>}
          label={t(`${texts}.sortOrder`)}
          helperText={t('subjectForm.sortOrderHelp')}
          min={0}
          max={10_000}
        />
      </div>
      <CheckboxField
        {...form.register('isActive' as Path<Form>)}
        label={t(`${texts}.isActive`)}
        helperText={t(`${texts}.isActiveHelp`)}
      />
    </>
  );
}

/**
 * The form of a catalog dialog: `schema` checks it, `values` fill it (the item's, or a new one's),
 * and on save the body made by `toBody` goes to the dialog's `onSave`.
 */
export function useCatalogForm<Form extends FieldValues, Values, Body>(
  schema: Parameters<typeof useAdminForm<Form, Values>>[0]['schema'],
  values: DefaultValues<Form>,
  toBody: (values: Values) => Body,
  onSave: (body: Body) => Promise<void>,
) {
  return useAdminForm({ schema, defaultValues: values, onSave: (parsed) => onSave(toBody(parsed)) });
}

/** What the form inside gets: the frame of its `AdminForm`, and where to send the body. */
export type CatalogFormProps<Body> = {
  frame: { saving: boolean; onCancel: () => void; submitText: string };
  onSave: (body: Body) => Promise<void>;
};

/** What the dialog needs of a kind of item: its words, its create and update mutations, its form. */
/** The update mutation of the list's items (only `isActive` is sent from the list). */
export type ActiveUpdate = {
  mutate(
    variables: { id: number; body: { isActive: boolean } },
    options: { onSuccess: () => void; onError: (error: unknown) => void },
  ): void;
  isPending: boolean;
  variables?: { id: number } | undefined;
};

/**
 * A kind of catalog item: its words (under `subjects.` or `packages.` in the list, under
 * `subjectForm.` or `packageForm.` in the dialog), its create and update mutations (the list's
 * (de)activation uses the update too) and the form of its dialog.
 */
export type CatalogKind<Item, Body> = {
  texts: 'subjects' | 'packages';
  useCreate: () => { mutateAsync(body: Body): Promise<unknown>; isPending: boolean };
  useUpdate: () => ActiveUpdate & { mutateAsync(variables: { id: number; body: Body }): Promise<unknown> };
  Form: ComponentType<{ item: Item | null } & CatalogFormProps<Body>>;
};

const FORM_TEXTS = { subjects: 'subjectForm', packages: 'packageForm' } as const;

/**
 * The dialog that creates an item of `kind` (`item` null) or edits one with the kind's form, open
 * while `open`, through its own create and update mutations; it cannot be closed while saving.
 * Its words are under `subjectForm.` or `packageForm.`.
 */
export function CatalogDialog<Item extends { id: number; nameAr: string; nameEn: string }, Body>({
  open,
  item,
  kind,
  onClose,
}: {
  open: boolean;
  item: Item | null;
  kind: CatalogKind<Item, Body>;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const create = kind.useCreate();
  const update = kind.useUpdate();
  const texts = FORM_TEXTS[kind.texts];
  const saving = create.isPending || update.isPending;
  function close() {
    if (!saving) onClose();
  }
  async function save(body: Body) {
    if (item) await update.mutateAsync({ id: item.id, body });
    else await create.mutateAsync(body);
    void notify.success(t(`${texts}.${item ? 'saved' : 'created'}`));
    onClose();
  }
  const submitText = saving ? t('actions.saving') : item ? t('actions.save') : t('actions.create');
  return (
    <Modal
      open={open}
      onClose={close}
      size="2xl"
      title={
        item
          ? t(`${texts}.editTitle`, { name: language === 'ar' ? item.nameAr : item.nameEn })
          : t(`${texts}.createTitle`)
      }
    >
      <kind.Form key={item?.id ?? 'new'} item={item} frame={{ saving, onCancel: close, submitText }} onSave={save} />
    </Modal>
  );
}
