import { RequiredMark } from './required-mark.tsx';
import { Textarea } from './textarea.tsx';

/** A long text (a bio) with its label (and the required mark when `required`), help and error, written in `lang`. */
export function LongTextField({
  id,
  name,
  label,
  help,
  value,
  error,
  onChange,
  lang,
  maxLength,
  required = false,
}: {
  id: string;
  name: string;
  label: string;
  help: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  lang: 'ar' | 'en';
  maxLength: number;
  required?: boolean;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <Textarea
        id={id}
        name={name}
        lang={lang}
        rows={5}
        maxLength={maxLength}
        required={required}
        aria-required={required || undefined}
        value={value}
        invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
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
