import { HOME } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { useLatestStudentReviews } from './api/latest-reviews.ts';
import { CarouselSection } from './carousel-section.tsx';
import { ReviewCard } from './review-card.tsx';

/** Spec 2: the student reviews carousel (every 5 s), with loading, empty and error (red) placeholders. */
export function ReviewsSection() {
  const { t } = useTranslation('home');
  const reviews = useLatestStudentReviews();
  return (
    <CarouselSection
      testId="reviews-section"
      title={t('reviews.title')}
      subtitle={t('reviews.subtitle')}
      items={reviews.data ?? []}
      getKey={(review) => review.id}
      renderItem={(review) => <ReviewCard review={review} />}
      autoplayMs={HOME.reviewsAutoplayMs}
      status={reviews.status === 'pending' ? 'loading' : reviews.status}
      messages={{ loading: t('reviews.loading'), empty: t('reviews.empty'), error: t('reviews.error') }}
    />
  );
}
