import type { Reservation, StandingBooking } from '@ustaz/contract';
import { STANDING } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import {
  formatLessonMoment,
  formatLessonRange,
  formatTime,
  formatWeekday,
  formatWeekdayDate,
  timeZoneLongName,
} from '../../shared/lib/dates/formats.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { CalendarSync, Repeat } from '../../shared/ui/icons.tsx';
import { listPlaceholders } from '../../shared/ui/paged-query-states.tsx';
import { QueryStates } from '../../shared/ui/query-states.tsx';
import { EmptyCard } from '../../shared/ui/state-card.tsx';
import { TitledSection } from '../../shared/ui/titled-section.tsx';
import { useStandingBookings } from './api/standing.ts';

/** A series lesson still to come: booked or waiting for its weekly charge, not yet started. */
const ahead = (lesson: Reservation, now: Date) =>
  (lesson.status === 'pending' || lesson.status === 'confirmed') && Date.parse(lesson.startTime) > now.getTime();

/** The teacher's active series (GET /standing-bookings also answers a teacher's own series as a student). */
export function teachersSeries(items: StandingBooking[], teacherUserId: number | undefined): StandingBooking[] {
  return items.filter((series) => series.status === 'active' && series.teacher.id === teacherUserId);
}

/**
 * "Saturday" and "6:00 PM" of the series' weekday (0 Sunday) and "HH:MM", which the server gives in
 * the teacher's zone: read on a Sunday-first reference week in UTC, so no zone shifts them.
 */
export function seriesWeekdayTime(series: Pick<StandingBooking, 'weekday' | 'time'>, language: 'ar' | 'en') {
  const instant = `2023-01-0${series.weekday + 1}T${series.time}:00.000Z`;
  return { weekday: formatWeekday(instant, language, 'UTC'), time: formatTime(instant, language, 'UTC') };
}

/**
 * "Standing students" on the teacher's schedule (issue 32): each active weekly series with them,
 * its student, weekday and time (the teacher's zone), the weeks left and until when, and the next
 * lesson: paid, to be charged on a date, or unpaid and released unless the student tops up.
 */
export function StandingStudents({ timeZone, now }: { timeZone: string; now?: Date }) {
  const { t } = useTranslation('standing');
  const { user } = useAuth();
  const query = useStandingBookings();
  return (
    <TitledSection
      titleId="standing-students-title"
      title={t('teacher.title')}
      subtitle={t('teacher.subtitle')}
      icon={<Repeat aria-hidden="true" className="size-5 text-primary" />}
      className="gap-4 p-4 sm:p-6"
      testId="standing-students"
    >
      <QueryStates
        query={query}
        loading={listPlaceholders(t('teacher.loading'), 'rows', 2, 'h-24')}
        error={{ title: t('teacher.error.title'), body: t('teacher.error.body'), headingLevel: 3 }}
        isEmpty={(data) => teachersSeries(data.items, user?.id).length === 0}
        empty={
          <EmptyCard
            icon={<CalendarSync aria-hidden="true" className="size-8 text-slate-400" />}
            title={t('teacher.empty.title')}
            body={t('teacher.empty.body')}
            headingLevel={3}
            testId="standing-students-empty"
          />
        }
      >
        {(data) => (
          <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            {teachersSeries(data.items, user?.id).map((series) => (
              <StudentSeries key={series.id} series={series} timeZone={timeZone} now={now ?? new Date()} />
            ))}
          </ul>
        )}
      </QueryStates>
    </TitledSection>
  );
}

function StudentSeries({ series, timeZone, now }: { series: StandingBooking; timeZone: string; now: Date }) {
  const { t } = useTranslation('standing');
  const language = useCurrentLanguage();
  const name = `${series.student.firstName} ${series.student.lastName}`.trim();
  const { weekday, time } = seriesWeekdayTime(series, language);
  const left = series.lessons.filter((lesson) => ahead(lesson, now));
  const next = left[0];
  const last = left.at(-1);
  const otherZone = series.timeZone !== timeZone;
  return (
    <li
      className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 p-3 text-sm sm:p-4"
      data-testid="standing-student"
      data-series-id={series.id}
    >
      <div className="flex min-w-0 items-center gap-2">
        <Avatar
          firstName={series.student.firstName}
          lastName={series.student.lastName}
          photoUrl={series.student.photoUrl}
          size="sm"
        />
        <p className="min-w-0 font-semibold wrap-anywhere text-slate-900">
          <bdi>{name}</bdi>
        </p>
      </div>
      <p className="font-bold text-slate-900" data-testid="standing-student-when">
        {t('everyAt', { weekday, time })}
        {otherZone ? (
          <span className="font-normal text-slate-600"> ({timeZoneLongName(series.timeZone, language)})</span>
        ) : null}
      </p>
      {last ? (
        <p className="text-slate-700" data-testid="standing-student-left">
          {t('teacher.weeksLeft', {
            count: left.length,
            number: formatNumber(left.length, language),
            date: formatWeekdayDate(last.startTime, language, timeZone, false),
          })}
        </p>
      ) : null}
      {next ? <NextLesson lesson={next} timeZone={timeZone} now={now} /> : null}
    </li>
  );
}

/** The series' next lesson and its money: paid, charged on a date, or unpaid until its release. */
function NextLesson({ lesson, timeZone, now }: { lesson: Reservation; timeZone: string; now: Date }) {
  const { t } = useTranslation('standing');
  const language = useCurrentLanguage();
  const unpaid = lesson.status === 'pending';
  const chargeAt = lesson.chargeAt ? Date.parse(lesson.chargeAt) : null;
  const releaseAt = new Date(Date.parse(lesson.startTime) - STANDING.releaseHoursBefore * 3_600_000);
  const money = !unpaid
    ? t('paid')
    : chargeAt !== null && chargeAt > now.getTime()
      ? t('willCharge', { date: formatWeekdayDate(new Date(chargeAt), language, timeZone, false) })
      : t('teacher.unpaid', { date: formatLessonMoment(releaseAt, language, timeZone) });
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-slate-50 px-3 py-2" data-testid="standing-student-next">
      <p className="text-slate-700">
        <span className="font-semibold">{t('teacher.next')} </span>
        {formatLessonRange(lesson.startTime, lesson.endTime, language, timeZone)}
        {/* A lesson moved off the series' weekday and time says so. */}
        {lesson.rescheduledAt ? <span className="text-slate-500"> {t('teacher.moved')}</span> : null}
      </p>
      <p className={cx('font-semibold', unpaid ? 'text-amber-800' : 'text-emerald-700')}>{money}</p>
    </div>
  );
}
