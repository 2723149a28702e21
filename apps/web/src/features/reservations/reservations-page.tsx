import type { Reservation, ReservationScope } from '@ustaz/contract';
import { ROLE } from '@ustaz/contract/constants';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { type ClockProps, viewerTimeZone } from '../../shared/lib/dates/formats.ts';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { CalendarCheck, CalendarClock, CalendarX2 } from '../../shared/ui/icons.tsx';
import { PageTitle } from '../../shared/ui/page-title.tsx';
import { listPlaceholders, PagedQueryStates } from '../../shared/ui/paged-query-states.tsx';
import { EmptyCard } from '../../shared/ui/state-card.tsx';
import { usePaginationLabels } from '../../shared/ui/use-pagination-labels.ts';
import { useReservations } from './api/reservations.ts';
import { ReservationCard, type ReservationViewer } from './reservation-card.tsx';
import { RESERVATION_TABS, readReservationsParams, reservationsSearch } from './reservation-scope.ts';
import { useReviewsAboutMe } from './review-about-me.tsx';
import { ReviewsToWrite } from './reviews-to-write.tsx';
import { useCancelReservation } from './use-cancel-reservation.ts';

const TAB_ICONS: Record<ReservationScope, typeof CalendarClock> = {
  upcoming: CalendarClock,
  past: CalendarCheck,
  cancelled: CalendarX2,
};

/**
 * /{lang}/reservations: the signed-in user's reservations (a student's lessons with teachers, a
 * teacher's lessons with students) in three tabs kept in the address (`?scope=`), paged, with
 * cancellation through the confirmation modal.
 */
export function ReservationsPage({ timeZone, now }: ClockProps) {
  const { t } = useTranslation('reservations');
  const pageLabels = usePaginationLabels('reservations');
  const { user } = useAuth();
  const zone = useMemo(() => timeZone ?? viewerTimeZone(), [timeZone]);
  const [searchParams, setSearchParams] = useSearchParams();
  const paramsKey = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text of the address is the dependency
  const { scope, page } = useMemo(() => readReservationsParams(searchParams), [paramsKey]);
  const isTeacher = user?.role.id === ROLE.teacher;
  const list = useReservations({ scope, page });

  // A page past the last one (after a cancellation emptied it) moves to the last.
  useEffect(() => {
    const last = Math.max(1, list.data?.totalPages ?? 1);
    if (list.data && !list.isPlaceholderData && page > last) {
      setSearchParams(reservationsSearch(scope, last), { replace: true });
    }
  }, [list.data, list.isPlaceholderData, page, scope, setSearchParams]);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10 sm:px-6">
      <PageTitle
        title={t(isTeacher ? 'teacherTitle' : 'title')}
        subtitle={t(isTeacher ? 'teacherSubtitle' : 'subtitle')}
      />
      <ReviewsToWrite viewerUserId={user?.id ?? null} timeZone={zone} />
      <nav aria-label={t('tabs.label')} className="flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1">
        {RESERVATION_TABS.map((tab) => {
          const Icon = TAB_ICONS[tab];
          const active = tab === scope;
          return (
            <Link
              key={tab}
              to={{ search: `?${reservationsSearch(tab).toString()}` }}
              aria-current={active ? 'page' : undefined}
              className={cx(
                'flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
                active ? 'bg-white text-primary shadow-sm' : 'text-slate-600 hover:text-primary',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              {t(`tabs.${tab}`)}
            </Link>
          );
        })}
      </nav>
      <section aria-label={t(`tabs.${scope}`)} aria-busy={list.isFetching || undefined}>
        <PagedQueryStates
          query={list}
          pager={{ page, onPageChange: (next) => setSearchParams(reservationsSearch(scope, next)), labels: pageLabels }}
          className="flex flex-col gap-5"
          loading={listPlaceholders(t('loading'), 'wideStack', 3, 'h-48', 'reservations-loading')}
          error={{ title: t('errorTitle'), body: t('errorBody'), testId: 'reservations-error' }}
          empty={<EmptyState scope={scope} isTeacher={isTeacher} />}
        >
          {(data) => (
            <ReservationList reservations={data.data} viewerUserId={user?.id ?? null} timeZone={zone} now={now} />
          )}
        </PagedQueryStates>
      </section>
    </div>
  );
}

function ReservationList({
  reservations,
  viewerUserId,
  timeZone,
  now,
}: {
  reservations: Reservation[];
  viewerUserId: number | null;
  timeZone: string;
  now: Date | undefined;
}) {
  // The side is read from each reservation: a teacher may also have booked lessons as a student.
  const viewerOf = (reservation: Reservation): ReservationViewer =>
    reservation.teacher.id === viewerUserId ? 'teacher' : 'student';
  const cancelAsStudent = useCancelReservation({ viewer: 'student', timeZone });
  const cancelAsTeacher = useCancelReservation({ viewer: 'teacher', timeZone });
  const current = now ?? new Date();
  const aboutMe = useReviewsAboutMe(reservations);
  return (
    <ul className="flex flex-col gap-4">
      {reservations.map((reservation) => {
        const viewer = viewerOf(reservation);
        return (
          <li key={reservation.id}>
            <ReservationCard
              reservation={reservation}
              viewer={viewer}
              timeZone={timeZone}
              now={current}
              onCancel={viewer === 'teacher' ? cancelAsTeacher : cancelAsStudent}
              aboutMe={aboutMe.get(reservation.id)}
            />
          </li>
        );
      })}
    </ul>
  );
}

function EmptyState({ scope, isTeacher }: { scope: ReservationScope; isTeacher: boolean }) {
  const { t } = useTranslation('reservations');
  const language = useCurrentLanguage();
  const Icon = TAB_ICONS[scope];
  return (
    <EmptyCard
      icon={<Icon aria-hidden="true" className="size-8 text-primary" />}
      title={t(`empty.${scope}.title`)}
      body={t(`empty.${scope}.${isTeacher ? 'teacherBody' : 'body'}`)}
      testId="reservations-empty"
    >
      {scope === 'upcoming' && !isTeacher ? (
        <Link to={localePath(language, '/teachers')} className={buttonClasses({ variant: 'primary' })}>
          {t('empty.findTeacher')}
        </Link>
      ) : null}
    </EmptyCard>
  );
}
