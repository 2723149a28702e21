import type { Review } from '@ustaz/contract';
import { MessageSquareQuote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatDate } from '../../shared/lib/dates/formats.ts';
import { RatingStars } from '../../shared/teachers/rating-stars.tsx';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { useTeacherReviews } from './api/get-teacher-reviews.ts';
import { TeacherSection } from './teacher-section.tsx';

function splitName(name: string): [string, string] {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return [first, rest.at(-1) ?? ''];
}

/** The students' reviews of a teacher; failures already became an empty list (spec 8). */
export function TeacherReviews({ teacherId, timeZone }: { teacherId: number; timeZone: string }) {
  const { t } = useTranslation('teacher');
  const query = useTeacherReviews(teacherId);
  return (
    <TeacherSection titleId="teacher-reviews-title" title={t('reviews.title')}>
      {query.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true" data-testid="reviews-loading">
          <span className="sr-only">{t('reviews.loading')}</span>
          <div className="h-20 animate-pulse rounded-xl bg-slate-100" />
          <div className="h-20 animate-pulse rounded-xl bg-slate-100" />
        </div>
      ) : (query.data ?? []).length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-6 text-center" data-testid="reviews-empty">
          <MessageSquareQuote aria-hidden="true" className="size-10 text-slate-400" />
          <p className="max-w-md text-slate-600">{t('reviews.empty')}</p>
        </div>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {(query.data ?? []).map((review) => (
            <ReviewItem key={review.id} review={review} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </TeacherSection>
  );
}

function ReviewItem({ review, timeZone }: { review: Review; timeZone: string }) {
  const { t } = useTranslation('teacher');
  const language = useCurrentLanguage();
  const name = review.studentName.trim() || t('reviews.anonymous');
  const [firstName, lastName] = splitName(name);
  const date = formatDate(review.createdAt, language, timeZone);
  return (
    <li className="flex gap-3 py-4 first:pt-0 last:pb-0" data-testid="review">
      <Avatar firstName={firstName} lastName={lastName} photoUrl={review.studentPhotoUrl} size="md" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="font-semibold text-slate-900" dir="auto">
            {name}
          </p>
          {date ? (
            <time dateTime={review.createdAt} className="text-xs text-slate-500">
              {date}
            </time>
          ) : null}
        </div>
        <RatingStars rating={review.rating} />
        {review.comment.trim() ? (
          <p className="mt-2 whitespace-pre-line leading-7 text-slate-700" dir="auto">
            {review.comment}
          </p>
        ) : null}
      </div>
    </li>
  );
}
