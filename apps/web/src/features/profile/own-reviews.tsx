import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { viewerTimeZone } from '../../shared/lib/dates/formats.ts';
import { ReviewCard } from '../../shared/reviews/review-card.tsx';
import { MessageSquareQuote } from '../../shared/ui/icons.tsx';
import { QueryStates } from '../../shared/ui/query-states.tsx';
import { TitledSection } from '../../shared/ui/titled-section.tsx';
import { useOwnReviews } from './api/own-reviews.ts';
import { useOwnTeacherProfile } from './api/own-teacher-profile.ts';
import { ownProfileStates } from './own-profile-states.ts';
import { ReviewReplyForm } from './review-reply-form.tsx';

/**
 * A teacher's own reviews from students on their profile (issue 16): each published review as
 * students see it on the teacher page, and "Reply" under those without the teacher's one reply.
 */
export function OwnReviews({ timeZone = viewerTimeZone() }: { timeZone?: string }) {
  const { t } = useTranslation('profile');
  const lang = useCurrentLanguage();
  const profile = useOwnTeacherProfile(lang);
  const reviews = useOwnReviews(profile.data?.id);
  return (
    <TitledSection
      titleId="own-reviews-title"
      title={t('ownReviews.title')}
      subtitle={t('ownReviews.subtitle')}
      className="gap-4 p-5 shadow-sm sm:p-8"
      testId="own-reviews"
    >
      <QueryStates query={reviews} {...ownProfileStates(t, [2, 'flex flex-col gap-3', 'h-20 rounded-xl bg-slate-100'])}>
        {(list) =>
          list.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-4 text-center" data-testid="own-reviews-empty">
              <MessageSquareQuote aria-hidden="true" className="size-8 text-slate-400" />
              <p className="text-slate-600">{t('ownReviews.empty')}</p>
            </div>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-100">
              {list.map((review) => (
                <ReviewCard key={review.id} review={review} timeZone={timeZone}>
                  {review.reply ? null : <ReviewReplyForm review={review} />}
                </ReviewCard>
              ))}
            </ul>
          )
        }
      </QueryStates>
    </TitledSection>
  );
}
