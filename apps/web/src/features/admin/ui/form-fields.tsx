import { type ComponentProps, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { cx } from '../../../shared/ui/class-names.ts';
import { FieldMessages } from '../../../shared/ui/field-messages.tsx';

const LABEL = 'text-sm font-medium text-slate-700';
const CONTROL =
  'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 focus:outline-2 focus:outline-offset-0 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500';
const CONTROL_OK = 'border-slate-300 focus:outline-primary';
const CONTROL_ERROR = 'border-red-600 focus:outline-red-600';

type FootProps = { helperId: string; helperText?: ReactNode; errorId: string; error?: ReactNode };

function describedBy(ids: { helperId: string; helperText?: ReactNode; errorId: string; error?: ReactNode }) {
  return [ids.helperText ? ids.helperId : null, ids.error ? ids.errorId : null].filter(Boolean).join(' ') || undefined;
}

/**
 * A field's ids: its own (`id` when given), its helper and error lines', and the aria attributes
 * that point the control at the lines shown.
 */
function useFieldIds(id: string | undefined, helperText?: ReactNode, error?: ReactNode) {
  const generated = useId();
  const foot = { helperId: `${generated}-helper`, errorId: `${generated}-error`, helperText, error };
  const aria = { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(foot) };
  return { fieldId: id ?? `${generated}-field`, foot, aria };
}

/** A field's frame: its label (a `*` after it when `required`), the control, then the foot lines. */
export function FieldFrame({
  fieldId,
  label,
  required,
  hideLabel = false,
  foot,
  className,
  children,
}: {
  fieldId: string;
  label: ReactNode;
  required?: boolean;
  hideLabel?: boolean;
  foot: FootProps;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={fieldId} className={cx(LABEL, hideLabel && 'sr-only')}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ms-0.5 text-red-600">
            *
          </span>
        ) : null}
      </label>
      {children}
      <FieldMessages {...foot} className="text-sm" />
    </div>
  );
}

/** What every labelled field takes besides its control's own props. */
type FieldOwnProps = { label: ReactNode; name: string; error?: ReactNode; helperText?: ReactNode; className?: string };

/**
 * Splits a field's props: its frame's (label, helper and error lines, class) and its control's
 * (the rest, with the control's id and aria attributes).
 */
export function useField<Props extends FieldOwnProps & { id?: string }>({
  label,
  error,
  helperText,
  className,
  id,
  ...rest
}: Props) {
  const { fieldId, foot, aria } = useFieldIds(id, helperText, error);
  return { frame: { fieldId, label, foot, className }, control: { ...rest, id: fieldId, ...aria } };
}

type SelectFieldProps = Omit<ComponentProps<'select'>, 'children'> & {
  label: ReactNode;
  name: string;
  options: readonly { value: string; label: string }[];
  error?: ReactNode;
  helperText?: ReactNode;
  hideLabel?: boolean;
  className?: string;
};

/** A labelled native select (list filters, form choices). */
export function SelectField({ options, hideLabel = false, ...props }: SelectFieldProps) {
  const { frame, control } = useField(props);
  return (
    <FieldFrame {...frame} hideLabel={hideLabel}>
      <select {...control} className={cx(CONTROL, 'min-h-11', props.error ? CONTROL_ERROR : CONTROL_OK)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'type' | 'children'> & {
  label: ReactNode;
  name: string;
  helperText?: ReactNode;
  className?: string;
};

/** A checkbox with its label beside it and an optional line under it (a 44 px tall target). */
export function CheckboxField({ label, name, helperText, className, id, ...rest }: CheckboxFieldProps) {
  const generated = useId();
  const fieldId = id ?? `${generated}-field`;
  const helperId = `${generated}-helper`;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label
        htmlFor={fieldId}
        className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-800"
      >
        <input
          {...rest}
          id={fieldId}
          name={name}
          type="checkbox"
          aria-describedby={helperText ? helperId : undefined}
          className="size-5 shrink-0 rounded border-slate-300 accent-primary"
        />
        <span className="font-medium">{label}</span>
      </label>
      {helperText ? (
        <p id={helperId} className="text-sm text-slate-500">
          {helperText}
        </p>
      ) : null}
    </div>
  );
}

/** A titled group of fields in a long form (a fieldset with a legend). */
export function FormSection({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={cx('flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4', className)}>
      <legend className="px-1 text-base font-bold text-slate-900">{title}</legend>
      {description ? <p className="-mt-2 text-sm text-slate-600">{description}</p> : null}
      {children}
    </fieldset>
  );
}

/** The end of every admin form: Cancel, then the submit button (spinner while `pending`). */
export function FormActions({
  pending,
  onCancel,
  submitText,
  variant = 'primary',
}: {
  pending: boolean;
  onCancel: () => void;
  submitText: string;
  variant?: 'primary' | 'destructive';
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" variant={variant} loading={pending}>
        {submitText}
      </Button>
    </div>
  );
}
