import { zodResolver } from '@hookform/resolvers/zod';
import { toAsciiDigits } from '@ustaz/contract';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../shared/ui/button.tsx';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { SelectField } from './form-fields.tsx';

/**
 * The filters above a list: fields that wrap on a phone, and "Clear filters" while any is set.
 * Each field applies itself (selects and dates on change, typed ids on Enter or leaving the field).
 */
export function FilterBar({
  active,
  onClear,
  children,
}: {
  active: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-3">
      {children}
      {active ? (
        <Button variant="ghost" onClick={onClear}>
          {t('list.clearFilters')}
        </Button>
      ) : null}
    </div>
  );
}

type Choice = { value: string; label: string };

/** What every filter field takes: its URL name, label and value, and how it applies a new value. */
type FilterFieldProps = {
  name: string;
  label: string;
  value: string;
  onApply: (value: string) => void;
  className?: string;
};

/** The choices of a select: each value with its label. */
export function choices<Value extends string | number>(
  values: readonly Value[],
  label: (value: Value) => string,
): Choice[] {
  return values.map((value) => ({ value: String(value), label: label(value) }));
}

/** A choice filter, applied as soon as it changes; `all` labels the first choice, which clears it. */
export function SelectFilter({
  name,
  label,
  value,
  onApply,
  all,
  options,
  className = 'w-full sm:w-44',
}: FilterFieldProps & { all?: string; options: Choice[] }) {
  return (
    <SelectField
      name={name}
      label={label}
      value={value}
      onChange={(event) => onApply(event.target.value)}
      options={all === undefined ? options : [{ value: '', label: all }, ...options]}
      className={className}
    />
  );
}

/** A typed id as applied: in Latin digits, a positive number or nothing. */
const typedId = z
  .string()
  .overwrite(toAsciiDigits)
  .trim()
  .refine((id) => id === '' || /^[1-9]\d{0,8}$/.test(id), 'notDigits');

/** The one field of a typed filter, by its URL name: trimmed, and a positive id when `numeric`. */
function filterSchema(name: string, numeric: boolean) {
  return z.object({ [name]: numeric ? typedId : z.string().trim() });
}

/**
 * A typed filter (a user id, an entity id): applied on Enter or when the field is left, so the
 * list is not asked again on every key. `numeric` accepts digits only (a positive id).
 */
export function TextFilter({
  name,
  label,
  value,
  onApply,
  numeric = false,
  placeholder,
  helperText,
  maxLength = 100,
  className = 'w-full sm:w-40',
}: FilterFieldProps & { numeric?: boolean; placeholder?: string; helperText?: string; maxLength?: number }) {
  const { t } = useTranslation('admin-money');
  // Checked as it is typed; the field follows the value in the URL (the back button).
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Record<string, string>>({
    resolver: zodResolver(filterSchema(name, numeric)),
    mode: 'onChange',
    values: { [name]: value },
  });
  const apply = handleSubmit((values) => {
    const text = values[name] ?? '';
    if (text !== value) onApply(text);
  });

  return (
    <form onSubmit={(event) => void apply(event)} className={className} noValidate>
      <TextInput
        {...register(name, { onBlur: () => void apply() })}
        label={label}
        inputMode={numeric ? 'numeric' : undefined}
        dir={numeric ? 'ltr' : 'auto'}
        maxLength={numeric ? 9 : maxLength}
        placeholder={placeholder}
        helperText={helperText}
        error={errors[name] ? t('common.notDigits') : undefined}
        enterKeyHint="search"
      />
    </form>
  );
}

/**
 * A filter by user id (digits only), labelled "User ID" unless `label` says otherwise
 * (`{...list.input('userId')}`).
 */
export function UserIdFilter({ label, ...field }: Omit<FilterFieldProps, 'label'> & { label?: string }) {
  const { t } = useTranslation('admin-money');
  return (
    <TextFilter {...field} label={label ?? t('common.userId')} placeholder={t('common.userIdPlaceholder')} numeric />
  );
}

/** A calendar day filter (`yyyy-mm-dd` in the URL), applied when a whole day is picked or cleared. */
export function DateFilter({
  name,
  label,
  value,
  onApply,
  min,
  max,
}: Omit<FilterFieldProps, 'className'> & { min?: string; max?: string }) {
  return (
    <TextInput
      name={name}
      type="date"
      label={label}
      value={value}
      onValueChange={(next) => onApply(/^\d{4}-\d{2}-\d{2}$/.test(next) ? next : '')}
      min={min || undefined}
      max={max || undefined}
      // Two dates side by side on a phone (the bar's gap is 0.75rem).
      className="w-[calc(50%-0.375rem)] sm:w-44"
    />
  );
}

/** The "from" and "to" days of a list (each bounded by the other), inside a FilterBar. */
export function DayRangeFilters({
  from,
  to,
  onApply,
}: {
  from: string;
  to: string;
  onApply: (field: 'from' | 'to', value: string) => void;
}) {
  const { t } = useTranslation('admin-money');
  return (
    <>
      <DateFilter
        name="from"
        label={t('common.from')}
        value={from}
        max={to}
        onApply={(value) => onApply('from', value)}
      />
      <DateFilter name="to" label={t('common.to')} value={to} min={from} onApply={(value) => onApply('to', value)} />
    </>
  );
}
