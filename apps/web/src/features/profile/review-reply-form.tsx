import type { Review } from '@ustaz/contract';
import { Reply } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/lib/error-text.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Textarea } from '../../shared/ui/textarea.tsx';
import { useReplyToReview } from './api/own-reviews.ts';
import { ERROR_TEXTS } from './review-reply-error-texts.ts';

/** A reply is 1 to 1000 characters (the contract's reviewReplyBodySchema). */
export const REPLY_MAX = 1000;

/** "Reply" under a review without one: opens a text box for the teacher's one public reply. */
export function ReviewReplyForm({ review }: { review: Review }) {
  const { t } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const ids = { field: useId(), error: useId() };
  const reply = useReplyToReview();

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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setEmpty(true);
      return;
    }
    reply.mutate({ reviewId: review.id, text: trimmed });
  };

  return (
    <form className="mt-3 flex flex-col gap-2" onSubmit={onSubmit} noValidate data-testid="review-reply-form">
      <label htmlFor={ids.field} className="text-sm font-semibold text-slate-800">
        {t('ownReviews.replyLabel')}
      </label>
      <Textarea
        id={ids.field}
        rows={3}
        maxLength={REPLY_MAX}
        value={text}
        invalid={empty}
        aria-invalid={empty || undefined}
        aria-describedby={empty ? ids.error : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setEmpty(false);
        }}
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
