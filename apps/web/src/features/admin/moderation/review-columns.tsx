import type { AdminReview } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatId, formatNumber } from '../../../shared/lib/format.ts';
import { Eye, EyeOff } from '../../../shared/ui/icons.tsx';
import { Badge } from '../ui/badge.tsx';
import { idDateColumn, userColumn } from '../ui/cells.tsx';
import type { Column } from '../ui/data-table.tsx';
import { RowAction } from '../ui/row-action.tsx';
import type { useUnhideReview } from './api/unhide-review.ts';

export const MAX_STARS = 5;

/** Filled and empty stars for the eye ("★★★★☆"); the words are given to screen readers. */
function starsOf(rating: number): string {
  const filled = Math.max(0, Math.min(MAX_STARS, Math.round(rating)));
  return '\u2605'.repeat(filled) + '\u2606'.repeat(MAX_STARS - filled);
}

type ReviewActions = {
  /** The show-again mutation: its row shows it running. */
  unhide: ReturnType<typeof useUnhideReview>;
  runUnhide: (review: AdminReview) => void;
  setHiding: (review: AdminReview) => void;
};

/** The reviews table's columns: date, both people, type, stars, comment, visibility and the hide or show action. */
export function useReviewColumns({ unhide, runUnhide, setHiding }: ReviewActions): Column<AdminReview>[] {
  const { t } = useTranslation('admin-money');
  const language = useCurrentLanguage();
  return [
    idDateColumn('date', t('reviews.columns.date'), (review) => review.createdAt),
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
}
