import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { RequiredMark } from './required-mark.tsx';
import { Textarea } from './textarea.tsx';

/**
 * A long text (a bio) of a react-hook-form form, with its label (and the required mark when
 * `required`), help and error, written in `lang`. `field` is the registration with the element id
 * and the error text.
 */
export function LongTextField({
  field: { id: givenId, error, ...registration },
  label,
  help,
  lang,
  maxLength,
  required = false,
}: {
  field: UseFormRegisterReturn & { id: string | undefined; error: string | undefined };
  label: string;
  help: string;
  lang: 'ar' | 'en';
  maxLength: number;
  required?: boolean;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <Textarea
        {...registration}
        id={id}
        lang={lang}
        rows={5}
        maxLength={maxLength}
        required={required}
        aria-required={required || undefined}
        invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-help`} className="text-sm text-slate-600">
        {help}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
