import type { Reservation } from '@ustaz/contract';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { lessonTimeRanges } from '../../shared/lib/dates/formats.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { CardLink } from '../../shared/ui/card-link.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { MessageCircle, StickyNote, Video } from '../../shared/ui/icons.tsx';
import { LessonExtraContext } from './lesson-extra.ts';

/**
 * The lesson's time in the viewer's zone and, when the other party's zone shows another time (a
 * student abroad, or a teacher whose student is), theirs too. A student whose browser never told
 * the server its zone shows the teacher their own time only.
 */
export function LessonTimes({
  lesson,
  side,
  timeZone,
  compact,
}: {
  lesson: Reservation;
  side: 'teacher' | 'student';
  timeZone: string;
  compact: boolean;
}) {
  const { t } = useTranslation('schedule');
  const language = useCurrentLanguage();
  const otherZone = side === 'student' ? lesson.teacher.timeZone : lesson.student.timeZone;
  const { mine, theirs } = lessonTimeRanges(lesson, language, timeZone, otherZone);
  if (theirs === null) {
    return <span data-testid="lesson-time">{mine}</span>;
  }
  // One line that wraps whole parts (the dot goes with the other party's time); two lines in a narrow cell.
  return (
    <span data-testid="lesson-time" className={cx('flex', compact ? 'flex-col' : 'flex-wrap gap-x-1.5')}>
      <span>{t('lesson.yourTime', { time: mine })}</span>
      <span className="font-normal text-slate-600">
        {compact ? null : <span aria-hidden="true">· </span>}
        {t(side === 'student' ? 'lesson.teacherTime' : 'lesson.studentTime', { time: theirs })}
      </span>
    </span>
  );
}

/**
 * One upcoming lesson: time(s), the other person, a link to their chat, the length, and the
 * student's note. `compact` is the week grid's narrow cell.
 */
export function LessonCard({
  lesson,
  side,
  timeZone,
  highlighted,
  compact = false,
}: {
  lesson: Reservation;
  side: 'teacher' | 'student';
  timeZone: string;
  highlighted: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation('schedule');
  const language = useCurrentLanguage();
  const other = side === 'teacher' ? lesson.student : lesson.teacher;
  const name = `${other.firstName} ${other.lastName}`.trim();
  const minutes = Math.round(lesson.hours * 60);
  const Extra = use(LessonExtraContext);
  return (
    <article
      aria-label={highlighted ? t('lesson.highlighted') : undefined}
      className={cx(
        'flex min-w-0 flex-col gap-2 rounded-xl border bg-white shadow-sm',
        compact ? 'p-2.5 text-sm' : 'p-4',
        highlighted ? 'border-primary ring-2 ring-primary' : 'border-slate-200',
      )}
      data-testid="schedule-lesson"
      data-lesson-id={lesson.id}
    >
      <p className="font-bold text-slate-900">
        <LessonTimes lesson={lesson} side={side} timeZone={timeZone} compact={compact} />
      </p>
      <div className="flex min-w-0 items-center gap-2">
        {compact ? null : (
          <Avatar firstName={other.firstName} lastName={other.lastName} photoUrl={other.photoUrl} size="sm" />
        )}
        <div className="min-w-0">
          <p className="text-xs text-slate-500">
            {t(side === 'teacher' ? 'lesson.withStudent' : 'lesson.withTeacher')}
          </p>
          <p className="font-semibold wrap-anywhere text-slate-900">
            <bdi>{name}</bdi>
          </p>
        </div>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <span>{t('lesson.minutes', { minutes: formatNumber(minutes, language) })}</span>
        {lesson.status === 'pending' ? (
          <span className="rounded-full bg-amber-50 px-2 py-0.5 font-semibold text-amber-800 ring-1 ring-amber-200 ring-inset">
            {t('lesson.pending')}
          </span>
        ) : null}
      </p>
      {lesson.note ? (
        <p className="flex items-start gap-1.5 text-sm text-slate-700">
          <StickyNote aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
          <span className="sr-only">{t('lesson.note')}: </span>
          <bdi className={cx('wrap-anywhere', compact && 'line-clamp-3')} dir="auto">
            {lesson.note}
          </bdi>
        </p>
      ) : null}
      {Extra ? <Extra reservation={lesson} viewer={side} timeZone={timeZone} /> : null}
      {lesson.status === 'confirmed' ? (
        <CardLink to={`/lessons/${lesson.id}`} icon={Video} size="sm" testId="schedule-lesson-room">
          {t('lesson.room')}
        </CardLink>
      ) : null}
      <CardLink to={`/chats/${other.id}`} icon={MessageCircle} size="sm" label={t('lesson.messageLabel', { name })}>
        {t('lesson.message')}
      </CardLink>
    </article>
  );
}
