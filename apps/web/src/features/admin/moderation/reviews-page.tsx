import type { AdminReview } from '@ustaz/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { errorText } from '../../../shared/lib/error-text.ts';
import { formatId, formatNumber } from '../../../shared/lib/format.ts';
import { notify } from '../../../shared/ui/toast.tsx';
import { ERROR_TEXTS } from '../admin-error-texts.ts';
import { AdminListPage, useAdminList } from '../ui/admin-list.tsx';
import { Badge } from '../ui/badge.tsx';
import { choices, SelectFilter } from '../ui/filter-bar.tsx';
import { idParam } from '../ui/id-param.ts';
import { booleanParam, optional } from '../ui/list-params.ts';
import { SearchBox } from '../ui/search-box.tsx';
import { useAdminReviews } from './api/get-reviews.ts';
import { useUnhideReview } from './api/unhide-review.ts';
import { HideReviewDialog } from './hide-review-dialog.tsx';
import { MAX_STARS, useReviewColumns } from './review-columns.tsx';
import { useRatingSentence } from './review-rating-sentence.ts';

const RATINGS = [1, 2, 3, 4] as const;

function ratingParam(value: string): number | undefined {
  const rating = Number(value);
  return Number.isInteger(rating) && rating >= 1 && rating <= MAX_STARS ? rating : undefined;
}

const FILTERS = { hidden: booleanParam, maxRating: ratingParam, teacherId: idParam, search: optional };

/**
 * /{lang}/admin/reviews: reviews in both directions, hidden ones included; an abusive one is
 * hidden (with a reason) from every public list and from the teacher's rating, or shown again.
 */
export function AdminReviewsPage() {
  const { t } = useTranslation('admin-money');
  const { t: tAdmin } = useTranslation('admin');
  const language = useCurrentLanguage();
  const list = useAdminList(FILTERS);
  const { teacherId } = list.values;
  const reviews = useAdminReviews({ ...list.values, ...list.paging });
  const unhide = useUnhideReview();
  const [hiding, setHiding] = useState<AdminReview | null>(null);
  const ratingSentence = useRatingSentence();

  function runUnhide(review: AdminReview) {
    unhide.mutate(review.id, {
      onSuccess: (answer) => void notify.success(ratingSentence(answer, 'reviews.unhidden_done')),
      onError: (error) => void notify.error(errorText(error, tAdmin, ERROR_TEXTS.admin)),
    });
  }

  const columns = useReviewColumns({ unhide, runUnhide, setHiding });

  return (
    <AdminListPage
      t={t}
      texts="reviews"
      list={list}
      query={reviews}
      columns={columns}
      dialogs={<HideReviewDialog review={hiding} onClose={() => setHiding(null)} />}
    >
      <SearchBox {...list.input('search')} label={t('reviews.searchLabel')} />
      <SelectFilter
        {...list.choice('hidden')}
        label={t('reviews.visibilityFilter')}
        all={t('reviews.visibility.all')}
        options={choices(['false', 'true'], (value) => t(`reviews.visibility.${value}`))}
        className="w-full sm:w-40"
      />
      <SelectFilter
        {...list.choice('maxRating')}
        label={t('reviews.ratingFilter')}
        all={t('reviews.anyRating')}
        options={choices(RATINGS, (value) =>
          t('reviews.maxRating', { count: value, number: formatNumber(value, language) }),
        )}
      />
      {teacherId ? (
        <Badge tone="info">{t('reviews.teacherFiltered', { id: formatId(teacherId, language) })}</Badge>
      ) : null}
    </AdminListPage>
  );
}
