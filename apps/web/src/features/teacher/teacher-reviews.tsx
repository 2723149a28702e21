import { useTranslation } from 'react-i18next';
import { ReviewCard } from '../../shared/reviews/review-card.tsx';
import { MessageSquareQuote } from '../../shared/ui/icons.tsx';
import { useTeacherReviews } from './api/get-teacher-reviews.ts';
import { TeacherSection } from './teacher-section.tsx';

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
            <ReviewCard key={review.id} review={review} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </TeacherSection>
  );
}
