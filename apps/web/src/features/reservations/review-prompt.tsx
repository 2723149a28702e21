import { useMutation } from '@tanstack/react-query';
import { createReviewBodySchema, type Reservation, type Review, reviewPublishesAt } from '@ustaz/contract';
import { useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatDate, formatDateTime, formatWeekdayDate } from '../../shared/lib/dates/formats.ts';
import { errorText } from '../../shared/lib/error-text.ts';
import { contractResolver } from '../../shared/lib/schema-field-codes.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { MessageSquareHeart } from '../../shared/ui/icons.tsx';
import { Textarea } from '../../shared/ui/textarea.tsx';
import { createReview } from './api/reviews.ts';
import { PartyCard } from './party-card.tsx';
import type { ReservationViewer } from './reservation-card.tsx';
import { ERROR_TEXTS } from './review-error-texts.ts';
import { StarRatingInput } from './star-rating-input.tsx';

const COMMENT_MAX = 1000;

/** The review's own fields of the contract's body: 1 to 5 stars (none chosen yet: null) and a comment. */
const reviewFormSchema = createReviewBodySchema.pick({ rating: true, comment: true });

/**
 * "How was your lesson with <teacher>?" (or, for the teacher, how the student did): 1 to 5 stars
 * and a comment, until the deadline. Once sent it says when the review is published: when the
 * other side reviews too, or 7 days later but never before the review deadline (double-blind).
 */
export function ReviewPrompt({
  reservation,
  viewer,
  deadline,
  timeZone,
}: {
  reservation: Reservation;
  viewer: ReservationViewer;
  deadline: string | null;
  timeZone: string;
}) {
  const { t } = useTranslation('reservations');
  const language = useCurrentLanguage();
  const other = viewer === 'student' ? reservation.teacher : reservation.student;
  const name = `${other.firstName} ${other.lastName}`.trim();
  const ids = { heading: useId(), hint: useId(), rating: useId(), comment: useId() };
  const { register, handleSubmit, control } = useForm({
    resolver: contractResolver<{ rating: number | null; comment: string }, typeof reviewFormSchema>(reviewFormSchema),
    defaultValues: { rating: null, comment: '' },
  });
  const rating = useController({ control, name: 'rating' });
  const missingRating = rating.fieldState.error !== undefined;
  const send = useMutation({
    mutationFn: (review: { rating: number; comment: string }) =>
      createReview({
        reservationId: reservation.id,
        type: viewer === 'student' ? 'student_to_teacher' : 'teacher_to_student',
        ...review,
      }),
  });

  const onSubmit = handleSubmit((review) => send.mutate(review));

  return (
    <PartyCard
      reservation={reservation}
      other={other}
      headingId={ids.heading}
      className="border-amber-200 bg-amber-50/40"
      testId="review-prompt"
      aside={<MessageSquareHeart aria-hidden="true" className="size-6 shrink-0 text-amber-500" />}
      heading={
        <>
          <h3 id={ids.heading} className="text-base font-bold wrap-anywhere text-slate-900">
            {t(viewer === 'student' ? 'review.promptStudent' : 'review.promptTeacher', { name: `\u2068${name}\u2069` })}
          </h3>
          <p id={ids.hint} className="text-sm text-slate-600">
            {t('review.lessonOn', { date: formatWeekdayDate(reservation.startTime, language, timeZone) })}
            {deadline ? (
              <>
                {' · '}
                <span data-testid="review-deadline">
                  {t('review.deadline', { date: formatDateTime(deadline, language, timeZone) })}
                </span>
              </>
            ) : null}
          </p>
        </>
      }
    >
      {send.data ? (
        <Sent review={send.data} name={name} deadline={deadline} timeZone={timeZone} />
      ) : (
        <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          <StarRatingInput
            legend={t(viewer === 'student' ? 'review.ratingTeacher' : 'review.ratingStudent')}
            value={rating.field.value}
            onChange={rating.field.onChange}
            invalid={missingRating}
            describedBy={missingRating ? ids.rating : undefined}
            disabled={send.isPending}
          />
          {missingRating ? (
            <p id={ids.rating} className="-mt-2 text-sm text-red-700" role="alert">
              {t('review.ratingRequired')}
            </p>
          ) : null}
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.comment} className="text-sm font-semibold text-slate-800">
              {t('review.comment')}
            </label>
            <Textarea
              {...register('comment')}
              id={ids.comment}
              rows={3}
              maxLength={COMMENT_MAX}
              placeholder={t(viewer === 'student' ? 'review.commentHintStudent' : 'review.commentHintTeacher')}
              disabled={send.isPending}
            />
          </div>
          {send.isError ? <Alert>{errorText(send.error, t, ERROR_TEXTS.reviewPrompt)}</Alert> : null}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-xs text-slate-600">{t('review.doubleBlind')}</p>
            <Button type="submit" size="md" loading={send.isPending} data-testid="review-submit">
              {t('review.submit')}
            </Button>
          </div>
        </form>
      )}
    </PartyCard>
  );
}

function Sent({
  review,
  name,
  deadline,
  timeZone,
}: {
  review: Review;
  name: string;
  deadline: string | null;
  timeZone: string;
}) {
  const { t } = useTranslation('reservations');
  const language = useCurrentLanguage();
  // Never before the other side's review deadline: they cannot read it before writing theirs.
  const publishOn = formatDate(reviewPublishesAt(review.createdAt, deadline), language, timeZone);
  return (
    <Alert variant="success" className="text-base">
      <p data-testid="review-sent">
        {review.published
          ? t('review.sentPublished', { name: `\u2068${name}\u2069` })
          : t('review.sent', { name: `\u2068${name}\u2069`, date: publishOn })}
      </p>
      {review.published ? null : <p className="mt-1 text-sm">{t('review.doubleBlind')}</p>}
    </Alert>
  );
}
