import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { cx } from '../../shared/ui/class-names.ts';
import { Star } from '../../shared/ui/icons.tsx';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * 1 to 5 stars as a native radio group: Tab reaches the group, the arrow keys move between the
 * stars (the browser follows the page's direction, so in Arabic the first star is on the right),
 * each radio is named "1 star" ... "5 stars". The stars up to the chosen (or hovered) one fill.
 */
export function StarRatingInput({
  legend,
  value,
  onChange,
  invalid = false,
  describedBy,
  disabled = false,
}: {
  legend: string;
  value: number | null;
  onChange: (rating: number) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation('reservations');
  const language = useCurrentLanguage();
  const name = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      disabled={disabled}
    >
      <legend className="mb-1 text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="flex items-center gap-1">
        {STARS.map((star) => {
          const label = t('review.stars', { count: star, number: formatNumber(star, language) });
          return (
            <label
              key={star}
              className="group relative inline-flex size-11 cursor-pointer items-center justify-center rounded-lg has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
              onMouseEnter={() => setHovered(star)}
              onMouseLeave={() => setHovered(null)}
            >
              <input
                type="radio"
                name={name}
                value={star}
                checked={value === star}
                onChange={() => onChange(star)}
                className="peer sr-only"
              />
              <span className="sr-only">{label}</span>
              <Star
                aria-hidden="true"
                className={cx(
                  'size-8 transition-colors',
                  shown >= star ? 'fill-amber-400 text-amber-500' : 'fill-white text-slate-300',
                )}
              />
            </label>
          );
        })}
        {value ? (
          <span className="ms-2 text-sm font-semibold text-slate-700" aria-hidden="true">
            {t('review.stars', { count: value, number: formatNumber(value, language) })}
          </span>
        ) : null}
      </div>
    </fieldset>
  );
}
