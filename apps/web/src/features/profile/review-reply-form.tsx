import { zodResolver } from '@hookform/resolvers/zod';
import type { Review } from '@ustaz/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorText } from '../../shared/lib/error-text.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Reply } from '../../shared/ui/icons.tsx';
import { Textarea } from '../../shared/ui/textarea.tsx';
import { useReplyToReview } from './api/own-reviews.ts';
import { ERROR_TEXTS } from './review-reply-error-texts.ts';

/** A reply is 1 to 1000 characters (the contract's reviewReplyBodySchema). */
export const REPLY_MAX = 1000;

/** The reply as sent: trimmed, and not empty. */
const replySchema = z.object({ text: z.string().trim().min(1, 'replyRequired') });

/** "Reply" under a review without one: opens a text box for the teacher's one public reply. */
export function ReviewReplyForm({ review }: { review: Review }) {
  const { t } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  const ids = { field: useId(), error: useId() };
  const reply = useReplyToReview();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(replySchema), defaultValues: { text: '' } });
  const empty = errors.text !== undefined;

  if (!open) {
    return (
      <Button
        variant="ghost"
        size="sm"
        className="mt-2 text-primary"
        onClick={() => setOpen(true)}
        data-testid="review-reply-open"
      >
        <Reply aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        {t('ownReviews.reply')}
      </Button>
    );
  }

  const onSubmit = handleSubmit(({ text }) => reply.mutate({ reviewId: review.id, text }));

  return (
    <form
      className="mt-3 flex flex-col gap-2"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="review-reply-form"
    >
      <label htmlFor={ids.field} className="text-sm font-semibold text-slate-800">
        {t('ownReviews.replyLabel')}
      </label>
      <Textarea
        {...register('text')}
        id={ids.field}
        rows={3}
        maxLength={REPLY_MAX}
        invalid={empty}
        aria-invalid={empty || undefined}
        aria-describedby={empty ? ids.error : undefined}
        disabled={reply.isPending}
      />
      <p className="text-xs text-slate-500">{t('ownReviews.replyHint')}</p>
      {empty ? (
        <p id={ids.error} className="text-sm text-red-700" role="alert">
          {t('ownReviews.replyRequired')}
        </p>
      ) : null}
      {reply.isError ? <Alert>{errorText(reply.error, t, ERROR_TEXTS.reviewReply)}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={reply.isPending} data-testid="review-reply-submit">
          {t('ownReviews.send')}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)} disabled={reply.isPending}>
          {t('ownReviews.cancel')}
        </Button>
      </div>
    </form>
  );
}
