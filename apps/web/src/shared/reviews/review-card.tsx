import type { Review } from '@ustaz/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../i18n/use-current-language.ts';
import { formatDate } from '../lib/dates/formats.ts';
import { RatingStars } from '../teachers/rating-stars.tsx';
import { Avatar } from '../ui/avatar.tsx';
import { cx } from '../ui/class-names.ts';
import { BadgeCheck, BookOpen, CornerDownLeft } from '../ui/icons.tsx';

function splitName(name: string): [string, string] {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return [first, rest.at(-1) ?? ''];
}

/** The review's marks: a lesson that took place (green), the lesson's subject (grey). */
const PILLS = {
  verified: { Icon: BadgeCheck, className: 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200 ring-inset' },
  subject: { Icon: BookOpen, className: 'bg-slate-100 text-slate-700' },
} as const;

function ReviewPill({ tone, testId, children }: { tone: keyof typeof PILLS; testId: string; children: ReactNode }) {
  const { Icon, className } = PILLS[tone];
  return (
    <span
      className={cx('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold', className)}
      data-testid={testId}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {children}
    </span>
  );
}

/**
 * One review: its author (the student of a review of a teacher, the teacher of a review of a
 * student), the date, the stars, a "Verified lesson" mark, the lesson's subject, the comment, and
 * the teacher's reply below it. `children` go under the reply (the teacher's reply form).
 */
export function ReviewCard({
  review,
  timeZone,
  compact = false,
  as: Tag = 'li',
  children,
}: {
  review: Review;
  timeZone: string;
  compact?: boolean;
  as?: 'li' | 'div';
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const byStudent = review.type === 'student_to_teacher';
  const name = (byStudent ? review.studentName : review.teacherName).trim() || t('reviews.anonymous');
  const [firstName, lastName] = splitName(name);
  const date = formatDate(review.createdAt, language, timeZone);
  return (
    <Tag className={cx('flex gap-3', compact ? 'py-3' : 'py-4 first:pt-0 last:pb-0')} data-testid="review-card">
      <Avatar
        firstName={firstName}
        lastName={lastName}
        photoUrl={byStudent ? review.studentPhotoUrl : review.teacherPhotoUrl}
        size={compact ? 'sm' : 'md'}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="font-semibold text-slate-900" dir="auto">
            {name}
          </p>
          {date ? (
            <time dateTime={review.createdAt} className="text-xs text-slate-500" data-testid="review-date">
              {date}
            </time>
          ) : null}
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <RatingStars rating={review.rating} />
          {review.verifiedLesson ? (
            <ReviewPill tone="verified" testId="review-verified">
              {t('reviews.verifiedLesson')}
            </ReviewPill>
          ) : null}
          {review.subject ? (
            <ReviewPill tone="subject" testId="review-subject">
              <span className="sr-only">{t('reviews.subject')} </span>
              <bdi>{review.subject.name}</bdi>
            </ReviewPill>
          ) : null}
          {review.published ? null : (
            <span className="text-xs font-semibold text-amber-800" data-testid="review-unpublished">
              {t('reviews.unpublished')}
            </span>
          )}
        </div>
        {review.comment.trim() ? (
          <p className="mt-2 whitespace-pre-line wrap-anywhere leading-7 text-slate-700" dir="auto">
            {review.comment}
          </p>
        ) : null}
        {review.reply ? (
          <div
            className="mt-3 flex gap-2 rounded-xl border-s-4 border-primary/40 bg-slate-50 p-3 text-sm"
            data-testid="review-reply"
          >
            <CornerDownLeft aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400 rtl:-scale-x-100" />
            <div className="min-w-0">
              <p className="font-semibold text-slate-800">
                {t('reviews.replyBy', { name: review.teacherName.trim() || t('reviews.teacher') })}
              </p>
              <p className="mt-1 whitespace-pre-line wrap-anywhere text-slate-700" dir="auto">
                {review.reply.text}
              </p>
            </div>
          </div>
        ) : null}
        {children}
      </div>
    </Tag>
  );
}
