import type { AdminReviewResponse } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../../shared/lib/format.ts';

/** The toast after hiding or showing a review: done, and the teacher's rating as it is now. */
export function useRatingSentence() {
  const { t } = useTranslation('admin-money');
  const language = useCurrentLanguage();
  return (answer: AdminReviewResponse, key: 'reviews.hidden_done' | 'reviews.unhidden_done') => {
    const { averageRating, ratingCount } = answer.teacher;
    return t(key, {
      average: formatNumber(averageRating, language, 1),
      count: t('reviews.ratingCount', { count: ratingCount, number: formatNumber(ratingCount, language) }),
    });
  };
}
