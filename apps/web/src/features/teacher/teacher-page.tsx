import { useQueryClient } from '@tanstack/react-query';
import type { TimeSlot } from '@ustaz/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { SITE_TIME_ZONE, viewerTimeZone } from '../../shared/lib/dates/formats.ts';
import { Island } from '../../shared/ssr/island.tsx';
import { useHydrated } from '../../shared/ssr/use-hydrated.ts';
import { availableSlotsKey } from '../../shared/teachers/available-slots-api.ts';
import { Button, buttonClasses } from '../../shared/ui/button.tsx';
import { ArrowLeft, SearchX, TriangleAlert } from '../../shared/ui/icons.tsx';
import { isNotFoundError, useLoadedTeacher, useTeacherProfile } from './api/get-teacher-profile.ts';
import { AvailableSlots } from './available-slots.tsx';
import { TeacherActionsIsland, type TeacherIslandProps, TeacherReliabilityIsland } from './teacher-actions.tsx';
import { TeacherProfileCard } from './teacher-profile-card.tsx';
import { TeacherReviews } from './teacher-reviews.tsx';
import { useBookingAction } from './use-booking-action.ts';
import { clearSlotSelection } from './use-slot-selection.ts';

/**
 * The route's page (ADR 038): the profile card is the server's HTML, with its buttons an island
 * hydrated on load; the reliability figures, the slots and the reviews, below it, are islands
 * hydrated when scrolled near. A guest's browser hydrates them
 * without the app around them.
 */
export function TeacherRoute() {
  return <TeacherPage />;
}

/** A route id that can name a profile: a positive whole number. */
export function parseTeacherId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** /{lang}/teachers/{id}: the teacher's profile, open slots to choose and book, and reviews. */
export function TeacherPage({ timeZone }: { /** Fixed in tests; the viewer's zone otherwise. */ timeZone?: string }) {
  const params = useParams();
  const id = parseTeacherId(params.id);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <BackToTeachers />
      {id === null ? <TeacherNotFound /> : <TeacherDetails key={id} id={id} timeZone={timeZone} />}
    </div>
  );
}

/**
 * The zone the page writes dates in: the server (ADR 021) and the hydrating render write them in
 * the site's zone; the viewer's own zone, which only the browser knows, right after.
 */
function usePageZone(fixed: string | undefined): string {
  const hydrated = useHydrated();
  return useMemo(() => fixed ?? (hydrated ? viewerTimeZone() : SITE_TIME_ZONE), [fixed, hydrated]);
}

function TeacherDetails({ id, timeZone }: { id: number; timeZone?: string }) {
  const language = useCurrentLanguage();
  const profile = useTeacherProfile(id, language);
  if (profile.isPending) return <TeacherSkeleton />;
  if (profile.isError) {
    if (isNotFoundError(profile.error)) return <TeacherNotFound />;
    return <TeacherLoadError retrying={profile.isFetching} onRetry={() => void profile.refetch()} />;
  }
  const props = timeZone === undefined ? { teacherId: id } : { teacherId: id, timeZone };
  return (
    <>
      <TeacherProfileCard
        teacher={profile.data}
        actions={<Island name="teacher-actions" of={TeacherActionsIsland} props={props} />}
      />
      {profile.data.reliability ? (
        <Island name="teacher-reliability" of={TeacherReliabilityIsland} props={props} when="visible" />
      ) : null}
      <Island name="teacher-slots" of={TeacherSlotsIsland} props={props} when="visible" />
      <Island name="teacher-reviews" of={TeacherReviewsIsland} props={props} when="visible" />
    </>
  );
}

type IslandProps = TeacherIslandProps;

/** The open slots to choose and book. */
export function TeacherSlotsIsland({ teacherId, timeZone }: IslandProps) {
  const teacher = useLoadedTeacher(teacherId);
  const zone = usePageZone(timeZone);
  const queryClient = useQueryClient();
  const book = useBookingAction();
  if (!teacher) return null;

  function handleBook(slots: TimeSlot[]) {
    if (!teacher) return;
    book({
      teacher,
      slots,
      onBooked: () => {
        clearSlotSelection(teacher.id);
        void queryClient.invalidateQueries({ queryKey: availableSlotsKey(teacher.id) });
      },
    });
  }

  return <AvailableSlots teacherId={teacherId} timeZone={zone} onBook={handleBook} />;
}

/** The teacher's reviews, with their pages. */
export function TeacherReviewsIsland({ teacherId, timeZone }: IslandProps) {
  return <TeacherReviews teacherId={teacherId} timeZone={usePageZone(timeZone)} />;
}

function BackToTeachers() {
  const { t } = useTranslation('teacher');
  const language = useCurrentLanguage();
  return (
    <Link
      to={localePath(language, '/teachers')}
      className="inline-flex w-fit items-center gap-1.5 text-sm font-semibold text-slate-600 hover:text-primary"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {t('page.allTeachers')}
    </Link>
  );
}

function TeacherSkeleton() {
  const { t } = useTranslation('teacher');
  return (
    <div aria-busy="true" data-testid="teacher-loading" className="flex flex-col gap-6">
      <span role="status" className="sr-only">
        {t('page.loading')}
      </span>
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
        <div className="h-24 animate-pulse bg-slate-100 sm:h-28" />
        <div className="flex flex-col gap-4 px-4 pb-6 sm:px-6">
          <div className="-mt-12 size-24 animate-pulse rounded-full border-4 border-white bg-slate-200" />
          <div className="h-7 w-56 animate-pulse rounded bg-slate-200" />
          <div className="h-4 w-40 animate-pulse rounded bg-slate-100" />
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {['a', 'b', 'c', 'd'].map((key) => (
              <div key={key} className="h-16 animate-pulse rounded-xl bg-slate-100" />
            ))}
          </div>
          <div className="h-20 animate-pulse rounded bg-slate-100" />
        </div>
      </div>
      <div className="h-64 animate-pulse rounded-2xl bg-slate-100" />
    </div>
  );
}

function TeacherNotFound() {
  const { t } = useTranslation('teacher');
  const language = useCurrentLanguage();
  return (
    <section className="flex flex-col items-center py-16 text-center" data-testid="teacher-not-found">
      <SearchX aria-hidden="true" className="size-14 text-slate-400" />
      <h1 className="mt-6 text-2xl font-extrabold text-slate-900 sm:text-3xl">{t('page.notFoundTitle')}</h1>
      <p className="mt-3 max-w-md leading-7 text-slate-600">{t('page.notFoundBody')}</p>
      <Link to={localePath(language, '/teachers')} className={buttonClasses({ variant: 'primary', className: 'mt-8' })}>
        {t('page.browseTeachers')}
      </Link>
    </section>
  );
}

function TeacherLoadError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation('teacher');
  return (
    <section role="alert" className="flex flex-col items-center py-16 text-center" data-testid="teacher-error">
      <TriangleAlert aria-hidden="true" className="size-14 text-red-600" />
      <h1 className="mt-6 text-2xl font-extrabold text-slate-900 sm:text-3xl">{t('page.errorTitle')}</h1>
      <p className="mt-3 max-w-md leading-7 text-slate-600">{t('page.errorBody')}</p>
      <Button className="mt-8" loading={retrying} onClick={onRetry}>
        {t('retry', { ns: 'common' })}
      </Button>
    </section>
  );
}
