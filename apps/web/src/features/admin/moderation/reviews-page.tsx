import type { AdminReview, AdminReviewResponse } from '@ustaz/contract';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { errorText } from '../../../shared/lib/error-text.ts';
import { formatId, formatNumber } from '../../../shared/lib/format.ts';
import { notify } from '../../../shared/ui/toast.tsx';
import { ERROR_TEXTS } from '../admin-error-texts.ts';
import { AdminListPage, useAdminList } from '../ui/admin-list.tsx';
import { Badge } from '../ui/badge.tsx';
import { dateColumn, userColumn } from '../ui/cells.tsx';
import type { Column } from '../ui/data-table.tsx';
import { choices, SelectFilter } from '../ui/filter-bar.tsx';
import { idParam } from '../ui/id-param.ts';
import { booleanParam, optional } from '../ui/list-params.ts';
import { ReasonDialog } from '../ui/reason-dialog.tsx';
import { RowAction } from '../ui/row-action.tsx';
import { SearchBox } from '../ui/search-box.tsx';
import { useAdminReviews } from './api/get-reviews.ts';
import { useHideReview } from './api/hide-review.ts';
import { useUnhideReview } from './api/unhide-review.ts';

const MAX_STARS = 5;
const RATINGS = [1, 2, 3, 4] as const;

function ratingParam(value: string): number | undefined {
  const rating = Number(value);
  return Number.isInteger(rating) && rating >= 1 && rating <= MAX_STARS ? rating : undefined;
}

const FILTERS = { hidden: booleanParam, maxRating: ratingParam, teacherId: idParam, search: optional };

/** Filled and empty stars for the eye ("★★★★☆"); the words are given to screen readers. */
function starsOf(rating: number): string {
  const filled = Math.max(0, Math.min(MAX_STARS, Math.round(rating)));
  return '\u2605'.repeat(filled) + '\u2606'.repeat(MAX_STARS - filled);
}

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
  const hide = useHideReview();
  const unhide = useUnhideReview();
  const [hiding, setHiding] = useState<AdminReview | null>(null);

  function ratingSentence(answer: AdminReviewResponse, key: 'reviews.hidden_done' | 'reviews.unhidden_done') {
    const { averageRating, ratingCount } = answer.teacher;
    return t(key, {
      average: formatNumber(averageRating, language, 1),
      count: t('reviews.ratingCount', { count: ratingCount, number: formatNumber(ratingCount, language) }),
    });
  }

  async function confirmHide(reason: string) {
    if (!hiding) return;
    try {
      const answer = await hide.mutateAsync({ id: hiding.id, reason });
      void notify.success(ratingSentence(answer, 'reviews.hidden_done'));
    } catch (error) {
      void notify.error(errorText(error, tAdmin, ERROR_TEXTS.admin));
      throw error;
    }
  }

  function runUnhide(review: AdminReview) {
    unhide.mutate(review.id, {
      onSuccess: (answer) => void notify.success(ratingSentence(answer, 'reviews.unhidden_done')),
      onError: (error) => void notify.error(errorText(error, tAdmin, ERROR_TEXTS.admin)),
    });
  }

  const columns: Column<AdminReview>[] = [
    dateColumn(
      'date',
      t('reviews.columns.date'),
      (review) => review.createdAt,
      (review) => review.id,
    ),
    userColumn('teacher', t('reviews.columns.teacher'), ({ teacher }) => ({ id: teacher.userId, name: teacher.name })),
    userColumn('student', t('reviews.columns.student'), (review) => review.student),
    {
      key: 'type',
      header: t('reviews.columns.type'),
      cell: (review) => <span className="text-slate-700">{t(`reviews.types.${review.type}`)}</span>,
    },
    {
      key: 'rating',
      header: t('reviews.columns.rating'),
      cell: (review) => (
        // relative: the sr-only text is positioned, and must not stretch the page beyond the table's scroller.
        <span className="relative whitespace-nowrap text-amber-600">
          <span aria-hidden="true">{starsOf(review.rating)}</span>
          <span className="sr-only">
            {t('reviews.stars', {
              rating: formatNumber(review.rating, language),
              max: formatNumber(MAX_STARS, language),
            })}
          </span>
        </span>
      ),
    },
    {
      key: 'comment',
      header: t('reviews.columns.comment'),
      className: 'min-w-56 max-w-md',
      cell: (review) =>
        review.comment.trim() ? (
          <p dir="auto" className="wrap-anywhere whitespace-pre-line text-slate-800">
            {review.comment}
          </p>
        ) : (
          <span className="text-slate-500">{t('reviews.noComment')}</span>
        ),
    },
    {
      key: 'visibility',
      header: t('reviews.columns.visibility'),
      className: 'min-w-36',
      cell: (review) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={review.hidden ? 'danger' : 'success'}>
            {t(review.hidden ? 'reviews.hidden' : 'reviews.visible')}
          </Badge>
          {review.hidden && review.hiddenReason ? (
            <span className="text-xs text-slate-600">
              {t('reviews.hiddenReason')}
              <bdi dir="auto" className="ms-1 wrap-anywhere">
                {review.hiddenReason}
              </bdi>
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (review) =>
        review.hidden ? (
          <RowAction
            icon={Eye}
            onClick={() => runUnhide(review)}
            loading={unhide.isPending && unhide.variables === review.id}
            disabled={unhide.isPending}
            label={t('reviews.unhideLabel', { id: formatId(review.id, language) })}
          >
            {t('reviews.unhide')}
          </RowAction>
        ) : (
          <RowAction
            icon={EyeOff}
            onClick={() => setHiding(review)}
            label={t('reviews.hideLabel', { id: formatId(review.id, language) })}
          >
            {t('reviews.hide')}
          </RowAction>
        ),
    },
  ];

  return (
    <AdminListPage
      t={t}
      texts="reviews"
      list={list}
      query={reviews}
      columns={columns}
      dialogs={
        <ReasonDialog
          open={hiding !== null}
          title={hiding ? t('reviews.hideTitle', { id: formatId(hiding.id, language) }) : ''}
          message={
            hiding ? (
              <div className="flex flex-col gap-2">
                {hiding.comment.trim() ? (
                  <blockquote dir="auto" className="border-s-4 border-slate-200 ps-3 wrap-anywhere text-slate-800">
                    {hiding.comment}
                  </blockquote>
                ) : null}
                <p>{t('reviews.hideMessage')}</p>
              </div>
            ) : null
          }
          confirmText={t('reviews.hideConfirm')}
          onClose={() => setHiding(null)}
          onConfirm={confirmHide}
        />
      }
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
