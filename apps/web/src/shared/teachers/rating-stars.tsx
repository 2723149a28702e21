import { HOME } from '@ustaz/contract/constants';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../i18n/use-current-language.ts';
import { formatNumber } from '../lib/format.ts';

/** The stars filled for a rating: a star counts from three quarters (4.75 shows five). */
export function filledStars(value: number): number {
  return [1, 2, 3, 4, 5].filter((star) => value >= star - 0.25).length;
}

/**
 * Five stars filled to the rating (4.5 when a teacher has none yet, spec 9), and the number. With a
 * count, a teacher without counted reviews is marked "New" instead of "(0)": the default is only shown.
 */
export function RatingStars({ rating, count }: { rating: number | null | undefined; count?: number }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const value = rating && rating > 0 ? rating : HOME.defaultRating;
  const isNew = count === 0;
  const stars = filledStars(value);
  const label = isNew
    ? t('teachers.ratingLabelNew', { rating: formatNumber(value, language, 1) })
    : t('teachers.ratingLabel', { rating: formatNumber(value, language, 1) });
  return (
    <span className="inline-flex items-center gap-1.5" role="img" aria-label={label}>
      {/* One element, not five icons (index.css .rating-stars): a list of 30 teachers was 150 SVGs. */}
      <span
        className="rating-stars"
        data-stars={stars}
        style={{ '--stars': stars } as CSSProperties}
        aria-hidden="true"
      />
      <span aria-hidden="true" className="text-sm font-semibold text-slate-700">
        {formatNumber(value, language, 1)}
      </span>
      {isNew && (
        <span
          aria-hidden="true"
          data-testid="rating-new"
          className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700"
        >
          {t('teachers.new')}
        </span>
      )}
      {count !== undefined && !isNew && (
        <span aria-hidden="true" className="text-xs text-slate-500">
          ({formatNumber(count, language)})
        </span>
      )}
    </span>
  );
}
