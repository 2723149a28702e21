import { type ChangeEvent, type ComponentProps, type ReactNode, type Ref, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx, LTR_FIELD_AT_PAGE_START, PLACEHOLDER_IN_PAGE_DIRECTION } from './class-names.ts';
import { FieldMessages } from './field-messages.tsx';
import { X } from './icons.tsx';
import { RequiredMark } from './required-mark.tsx';

export type TextInputProps = Omit<ComponentProps<'input'>, 'value' | 'defaultValue' | 'children'> & {
  label: ReactNode;
  name: string;
  /** Controlled value; leave undefined (and use defaultValue) for an uncontrolled input. */
  value?: string;
  defaultValue?: string;
  /** Called with the new text after every change, including a clear. */
  onValueChange?: (value: string) => void;
  /** Shows "count / maxLength" under the field (needs maxLength). */
  showCounter?: boolean;
  /** Error text shown under the field; also sets aria-invalid. */
  error?: ReactNode;
  helperText?: ReactNode;
  /** Shows a clear button while the field holds text. */
  clearable?: boolean;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
  /** A 44 px control at the end of the field (a show-password button). */
  endAdornment?: ReactNode;
  /** Classes of the outer wrapper (className goes to the wrapper too, for layout). */
  className?: string;
  inputClassName?: string;
};

/** Sets the value the way the browser does, so React sees a real input event and calls onChange. */
function setNativeValue(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * A labelled text field (spec 5, "Text inputs"): optional maximum length that blocks input beyond
 * it, character counter, required marker, error and helper text, clear button. User text uses
 * dir="auto". Works controlled (value + onChange/onValueChange) or uncontrolled (defaultValue).
 */
export function TextInput({
  label,
  name,
  id,
  value,
  defaultValue,
  onChange,
  onValueChange,
  maxLength,
  showCounter = false,
  required,
  error,
  helperText,
  clearable = false,
  hideLabel = false,
  endAdornment,
  className,
  inputClassName,
  disabled,
  readOnly,
  ref,
  dir = 'auto',
  type = 'text',
  'aria-describedby': describedByProp,
  ...rest
}: TextInputProps) {
  const { t } = useTranslation('common');
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const helperId = `${generatedId}-helper`;
  const errorId = `${generatedId}-error`;
  const counterId = `${generatedId}-counter`;
  const inputRef = useRef<HTMLInputElement | null>(null);
  const isControlled = value !== undefined;
  const [uncontrolledValue, setUncontrolledValue] = useState(defaultValue ?? '');
  const current = isControlled ? value : uncontrolledValue;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const counterShown = showCounter && maxLength !== undefined;
  const clearShown = clearable && current.length > 0 && !disabled && !readOnly;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    // The maxLength attribute stops typing; this also cuts pasted or scripted text.
    if (maxLength !== undefined && maxLength >= 0 && event.target.value.length > maxLength) {
      event.target.value = event.target.value.slice(0, maxLength);
    }
    if (!isControlled) setUncontrolledValue(event.target.value);
    onChange?.(event);
    onValueChange?.(event.target.value);
  }

  function clear() {
    const input = inputRef.current;
    if (!input) return;
    setNativeValue(input, '');
    input.focus();
  }

  const describedBy =
    [describedByProp, helperText ? helperId : null, hasError ? errorId : null, counterShown ? counterId : null]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className={cx('text-sm font-medium text-slate-700', hideLabel && 'sr-only')}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <div className="relative">
        <input
          {...rest}
          ref={(node) => {
            inputRef.current = node;
            assignRef(ref, node);
          }}
          id={inputId}
          name={name}
          type={type}
          dir={dir}
          value={isControlled ? value : undefined}
          defaultValue={isControlled ? undefined : defaultValue}
          onChange={handleChange}
          maxLength={maxLength}
          required={required}
          aria-required={required || undefined}
          aria-invalid={hasError || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          readOnly={readOnly}
          className={cx(
            'block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900',
            'placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0',
            dir === 'auto' && PLACEHOLDER_IN_PAGE_DIRECTION,
            dir === 'ltr' && LTR_FIELD_AT_PAGE_START,
            'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
            hasError ? 'border-red-600 focus:outline-red-600' : 'border-slate-300 focus:outline-primary',
            clearable && endAdornment ? 'pe-22' : clearable || endAdornment ? 'pe-11' : undefined,
            inputClassName,
          )}
        />
        {clearShown || endAdornment ? (
          <div className="absolute inset-y-0 end-0 flex">
            {clearShown ? (
              <button
                type="button"
                onClick={clear}
                aria-label={t('ui.clear')}
                className="flex w-11 items-center justify-center rounded-e-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-primary"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            ) : null}
            {endAdornment}
          </div>
        ) : null}
      </div>
      {helperText || hasError || counterShown ? (
        <div className="flex items-start justify-between gap-3 text-sm">
          <FieldMessages helperId={helperId} helperText={helperText} errorId={errorId} error={error} />
          {counterShown ? (
            <p id={counterId} className="ms-auto shrink-0 text-slate-500 tabular-nums">
              {t('ui.characterCount', { count: current.length, max: maxLength })}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
