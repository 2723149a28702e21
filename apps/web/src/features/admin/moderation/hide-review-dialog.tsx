import type { AdminReview } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { errorText } from '../../../shared/lib/error-text.ts';
import { formatId } from '../../../shared/lib/format.ts';
import { notify } from '../../../shared/ui/toast.tsx';
import { ERROR_TEXTS } from '../admin-error-texts.ts';
import { ReasonDialog } from '../ui/reason-dialog.tsx';
import { useHideReview } from './api/hide-review.ts';
import { useRatingSentence } from './review-rating-sentence.ts';

/** Hiding a review, with the admin's reason; the dialog quotes the review's comment. */
export function HideReviewDialog({ review, onClose }: { review: AdminReview | null; onClose: () => void }) {
  const { t } = useTranslation('admin-money');
  const { t: tAdmin } = useTranslation('admin');
  const language = useCurrentLanguage();
  const hide = useHideReview();
  const ratingSentence = useRatingSentence();

  async function confirmHide(reason: string) {
    if (!review) return;
    try {
      const answer = await hide.mutateAsync({ id: review.id, reason });
      void notify.success(ratingSentence(answer, 'reviews.hidden_done'));
    } catch (error) {
      void notify.error(errorText(error, tAdmin, ERROR_TEXTS.admin));
      throw error;
    }
  }

  return (
    <ReasonDialog
      open={review !== null}
      title={review ? t('reviews.hideTitle', { id: formatId(review.id, language) }) : ''}
      message={
        review ? (
          <div className="flex flex-col gap-2">
            {review.comment.trim() ? (
              <blockquote dir="auto" className="border-s-4 border-slate-200 ps-3 wrap-anywhere text-slate-800">
                {review.comment}
              </blockquote>
            ) : null}
            <p>{t('reviews.hideMessage')}</p>
          </div>
        ) : null
      }
      confirmText={t('reviews.hideConfirm')}
      onClose={onClose}
      onConfirm={confirmHide}
    />
  );
}
