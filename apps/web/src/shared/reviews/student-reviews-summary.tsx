import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../i18n/use-current-language.ts';
import { formatNumber } from '../lib/format.ts';
import { cx } from '../ui/class-names.ts';
import { ChevronDown, Star } from '../ui/icons.tsx';
import { useStudentReviews } from './api.ts';
import { ReviewCard } from './review-card.tsx';

/**
 * For a teacher looking at a student (the conversation, the reservation card): "Reviews from
 * teachers: 4.7 (3)", opening to the list. Nothing while loading or when the server refuses.
 */
export function StudentReviewsSummary({
  studentId,
  timeZone,
  className,
}: {
  studentId: number;
  timeZone: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const query = useStudentReviews(studentId);
  const listId = useId();
  if (!query.data) return null;
  const reviews = query.data;
  if (reviews.length === 0) {
    return (
      <p className={cx('text-xs text-slate-500', className)} data-testid="student-reviews-none">
        {t('reviews.fromTeachersNone')}
      </p>
    );
  }
  const average = reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length;
  return (
    <details className={cx('group text-sm', className)} data-testid="student-reviews">
      <summary
        className="inline-flex min-h-9 cursor-pointer list-none items-center gap-1.5 rounded-lg px-1 font-semibold text-slate-700 hover:text-primary focus-visible:outline-2 focus-visible:outline-primary [&::-webkit-details-marker]:hidden"
        aria-controls={listId}
      >
        <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
        {t('reviews.fromTeachers', {
          rating: formatNumber(Math.round(average * 10) / 10, language, 1),
          number: formatNumber(reviews.length, language),
        })}
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul
        id={listId}
        className="mt-2 flex max-h-72 flex-col divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200 bg-white px-3"
      >
        {reviews.map((review) => (
          <ReviewCard key={review.id} review={review} timeZone={timeZone} compact />
        ))}
      </ul>
    </details>
  );
}
