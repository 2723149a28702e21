import { ROLE } from '@ustaz/contract/constants';
import { type ComponentType, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { dayKeyInZone } from '../../shared/lib/dates/calendar.ts';
import { type ClockProps, viewerTimeZone } from '../../shared/lib/dates/formats.ts';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { CalendarClock } from '../../shared/ui/icons.tsx';
import { PageTitle } from '../../shared/ui/page-title.tsx';
import { listPlaceholders } from '../../shared/ui/paged-query-states.tsx';
import { QueryStates } from '../../shared/ui/query-states.tsx';
import { EmptyCard } from '../../shared/ui/state-card.tsx';
import { useUpcomingLessons } from './api/upcoming-lessons.ts';
import { CalendarFeedBox } from './calendar-feed-box.tsx';
import { type LessonExtra, LessonExtraContext } from './lesson-extra.ts';
import { lessonsByDay } from './schedule-days.ts';
import { DayList, WeekGrid } from './schedule-views.tsx';

/** A section the app adds to a teacher's schedule (issue 32: the standing students), in the schedule's zone. */
export type TeacherSection = ComponentType<{ timeZone: string; now?: Date }>;

/**
 * /{lang}/schedule (and /{lang}/lessons/{id}, the calendar feed's link, with that lesson marked):
 * the signed-in user's upcoming lessons as teacher and as student, a day list on phones and a week
 * grid on desktop, in the viewer's zone (and the teacher's when it differs), to a teacher the
 * `teacherSection` the app hands in, and the calendar feed.
 */
export function SchedulePage({
  timeZone,
  now,
  lessonExtra = null,
  teacherSection: TeacherExtra,
}: ClockProps & { lessonExtra?: LessonExtra | null; teacherSection?: TeacherSection }) {
  const { t } = useTranslation('schedule');
  const language = useCurrentLanguage();
  const { user } = useAuth();
  const params = useParams();
  const zone = useMemo(() => timeZone ?? viewerTimeZone(), [timeZone]);
  const today = useMemo(() => dayKeyInZone(now ?? new Date(), zone) ?? '', [now, zone]);
  const highlightedId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const isTeacher = user?.role.id === ROLE.teacher;
  const lessons = useUpcomingLessons();

  return (
    <LessonExtraContext value={lessonExtra}>
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6">
        <PageTitle title={t('title')} subtitle={t('subtitle')} />
        <section aria-label={t('lessonsHeading')} aria-busy={lessons.isFetching || undefined}>
          <QueryStates
            query={lessons}
            loading={listPlaceholders(t('loading'), 'rows', 3, 'h-28')}
            error={{ title: t('error.title'), body: t('error.body') }}
            isEmpty={(page) => page.data.length === 0}
            empty={
              <EmptyCard
                icon={<CalendarClock aria-hidden="true" className="size-10 text-slate-400" />}
                title={t('empty.title')}
                body={t(isTeacher ? 'empty.teacherBody' : 'empty.studentBody')}
                testId="schedule-empty"
              >
                <Link
                  to={localePath(language, isTeacher ? '/profile' : '/search')}
                  className={buttonClasses({ variant: 'primary', size: 'md' })}
                >
                  {t(isTeacher ? 'empty.teacherAction' : 'empty.studentAction')}
                </Link>
              </EmptyCard>
            }
          >
            {(page) => {
              const days = lessonsByDay(page.data, zone);
              const props = { days, today, timeZone: zone, userId: user?.id, highlightedId };
              return (
                <>
                  <DayList {...props} />
                  <WeekGrid {...props} />
                </>
              );
            }}
          </QueryStates>
        </section>
        {isTeacher && TeacherExtra ? <TeacherExtra timeZone={zone} now={now} /> : null}
        <CalendarFeedBox />
      </div>
    </LessonExtraContext>
  );
}
