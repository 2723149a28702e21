import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { translate } from '../i18n/translate.ts';
import { useCurrentLanguage } from '../i18n/use-current-language.ts';
import { formatNumber } from '../lib/format.ts';
import { LabelledField } from './labelled-field.tsx';
import { Textarea } from './textarea.tsx';

/**
 * A short free text under its label (a booking note, a proposal's note), cut at `maxLength`, with
 * the count of its characters ("12 / 500") under it.
 */
export function CountedTextarea({
  label,
  name,
  value,
  onChange,
  maxLength,
  placeholder,
  rows = 3,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  placeholder?: string;
  rows?: number;
}) {
  const { t } = useTranslation('common');
  const language = useCurrentLanguage();
  const id = useId();
  return (
    <LabelledField htmlFor={id} label={label}>
      <Textarea
        id={id}
        name={name}
        rows={rows}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value.slice(0, maxLength))}
        placeholder={placeholder}
        aria-describedby={`${id}-count`}
      />
      <p id={`${id}-count`} className="text-end text-xs text-slate-500 tabular-nums">
        {/* count is the formatted number here, which typed options do not take */}
        {translate(t, 'ui.characterCount', {
          count: formatNumber(value.length, language),
          max: formatNumber(maxLength, language),
        })}
      </p>
    </LabelledField>
  );
}
