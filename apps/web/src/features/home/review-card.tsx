import type { Review } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { RatingStars } from '../../shared/teachers/rating-stars.tsx';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Quote } from '../../shared/ui/icons.tsx';

function splitName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/);
  return { firstName: parts[0] ?? '', lastName: parts.length > 1 ? (parts.at(-1) ?? '') : '' };
}

/** A student's review: the comment, the rating, the student's photo (or initials) and name, and the teacher. */
export function ReviewCard({ review }: { review: Review }) {
  const { t } = useTranslation('home');
  const { firstName, lastName } = splitName(review.studentName);
  return (
    <figure
      className="flex h-72 flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="review-card"
    >
      <div className="flex items-center justify-between gap-3">
        <Quote aria-hidden="true" className="size-8 fill-primary/10 text-primary/40 rtl:-scale-x-100" />
        <RatingStars rating={review.rating} />
      </div>
      <blockquote className="mt-4 line-clamp-4 leading-7 text-slate-700" dir="auto">
        {review.comment}
      </blockquote>
      <figcaption className="mt-auto flex items-center gap-3 border-t border-slate-100 pt-4">
        <Avatar firstName={firstName} lastName={lastName} photoUrl={review.studentPhotoUrl} size="md" />
        <span className="min-w-0">
          <span className="block truncate font-bold text-slate-900" dir="auto">
            {review.studentName}
          </span>
          <span className="block truncate text-sm text-slate-600" dir="auto">
            {t('reviews.teacher', { name: review.teacherName })}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
