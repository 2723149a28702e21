import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { translate } from '../../shared/i18n/translate.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import {
  buildFilterSearchUrl,
  type TeacherSearchDialogData,
  type TeacherSearchFilterInput,
} from '../../shared/search/search-url.ts';
import { Button } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { Star } from '../../shared/ui/icons.tsx';
import { LabelledField } from '../../shared/ui/labelled-field.tsx';
import type { ModalComponentProps } from '../../shared/ui/modal/modal-context.tsx';
import { TextInput } from '../../shared/ui/text-input.tsx';
import {
  EMPTY_FILTER_FORM,
  type FilterFormValues,
  filterFormSchema,
  filterValuesToForm,
  formToFilterInput,
} from './filter-form.ts';
import { readFilterValues, SORT_FIELDS, SORT_ORDERS, type TeacherFilterValues } from './search-url.ts';

type DialogData = { initialValues: TeacherFilterValues; onSearch?: (values: TeacherSearchFilterInput) => void };

/** The host's data is not typed per kind: read TeacherSearchDialogData defensively (values may be text). */
function readData(data: unknown): DialogData {
  const record =
    data && typeof data === 'object' ? (data as Partial<Record<keyof TeacherSearchDialogData, unknown>>) : {};
  return {
    initialValues: readFilterValues(record.initialValues),
    onSearch:
      typeof record.onSearch === 'function'
        ? (record.onSearch as (values: TeacherSearchFilterInput) => void)
        : undefined,
  };
}

const RATING_OPTIONS = ['', '1', '2', '3', '4', '5'] as const;

const SELECT_CLASSES =
  'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:outline-2 focus:outline-primary';

/** The date of today in the viewer's time zone, as YYYY-MM-DD (the earliest day worth asking for). */
/** The two number fields, side by side: their form name and the keyboard they ask for. */
const NUMBER_FIELDS = [
  { name: 'minExperience', inputMode: 'numeric' },
  { name: 'maxHourlyRate', inputMode: 'decimal' },
] as const;

/** A labelled select of the dialog. */
function SelectField({ id, label, children, ...select }: ComponentProps<'select'> & { id: string; label: string }) {
  return (
    <LabelledField htmlFor={id} label={label}>
      <select id={id} {...select} className={SELECT_CLASSES}>
        {children}
      </select>
    </LabelledField>
  );
}

function today(): string {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/**
 * The teacher-search filter dialog (MODAL_KINDS.TEACHER_SEARCH, data TeacherSearchDialogData):
 * minimum experience, maximum hourly rate in KWD, minimum rating in stars, a day with an open
 * slot, and the sort. Apply hands every field to data.onSearch (cleared ones undefined), or
 * without it writes them into the address of /{lang}/search (in place when already there).
 */
export function TeacherSearchDialog({ data, props, closeModal, titleId }: ModalComponentProps) {
  const { t } = useTranslation('search');
  const language = useCurrentLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const { initialValues, onSearch } = readData(data);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<FilterFormValues>({
    resolver: zodResolver(filterFormSchema),
    defaultValues: filterValuesToForm(initialValues),
  });
  const sortBy = watch('sortBy');
  const rating = watch('minRating');

  function apply(form: FilterFormValues) {
    // Every field is given; a cleared one is undefined, which removes it from the address.
    const values = formToFilterInput(form);
    if (onSearch) onSearch(values);
    else {
      const text = new URLSearchParams(location.search).get('q') ?? '';
      const target = buildFilterSearchUrl(location, language, values, text);
      navigate(target.to, { replace: target.replace });
    }
    closeModal();
  }

  const errorText = (field: keyof FilterFormValues) => {
    const message = errors[field]?.message;
    return message ? translate(t, message) : undefined;
  };

  return (
    <form noValidate onSubmit={handleSubmit(apply)} className="flex flex-col gap-5" data-testid="teacher-search-dialog">
      {props.title ? null : (
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {t('filters.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('filters.description')}</p>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {NUMBER_FIELDS.map(({ name, inputMode }) => (
          <TextInput
            key={name}
            {...register(name)}
            label={t(`filters.${name}`)}
            inputMode={inputMode}
            autoComplete="off"
            placeholder={t(`filters.${name}Placeholder`)}
            error={errorText(name)}
          />
        ))}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('filters.minRating')}</legend>
        <div className="flex flex-wrap gap-2">
          {RATING_OPTIONS.map((option) => (
            <label
              key={option || 'any'}
              className={cx(
                'inline-flex min-h-11 cursor-pointer items-center gap-1 rounded-full border px-3.5 text-sm font-semibold transition-colors',
                'has-focus-visible:outline-2 has-focus-visible:outline-primary',
                rating === option
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-primary',
              )}
            >
              <input {...register('minRating')} type="radio" value={option} className="sr-only" />
              {option ? (
                <>
                  <span aria-hidden="true">{t('filters.ratingShort', { stars: Number(option) })}</span>
                  <Star aria-hidden="true" className="size-4 fill-current" />
                  <span className="sr-only">{t('filters.ratingOption', { count: Number(option) })}</span>
                </>
              ) : (
                t('filters.anyRating')
              )}
            </label>
          ))}
        </div>
        {errorText('minRating') ? (
          <p role="alert" className="text-sm text-red-600">
            {errorText('minRating')}
          </p>
        ) : null}
      </fieldset>
      <TextInput
        {...register('availableOn')}
        type="date"
        dir="ltr"
        min={today()}
        label={t('filters.availableOn')}
        helperText={t('filters.availableOnHelp')}
        error={errorText('availableOn')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${titleId}-sort-by`} label={t('sort.label')} {...register('sortBy')}>
          <option value="">{t('sort.relevance')}</option>
          {SORT_FIELDS.map((field) => (
            <option key={field} value={field}>
              {t(`sort.${field}`)}
            </option>
          ))}
        </SelectField>
        {sortBy ? (
          <SelectField id={`${titleId}-sort-order`} label={t('sort.order')} {...register('sortOrder')}>
            {SORT_ORDERS.map((order) => (
              <option key={order} value={order}>
                {t(`sort.${order}`)}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center">
        <Button variant="ghost" onClick={() => reset(EMPTY_FILTER_FORM)} className="sm:me-auto">
          {t('filters.reset')}
        </Button>
        <Button variant="outline" onClick={closeModal}>
          {t('filters.cancel')}
        </Button>
        <Button type="submit">{t('filters.apply')}</Button>
      </div>
    </form>
  );
}
