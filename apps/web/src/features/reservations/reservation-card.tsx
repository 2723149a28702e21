import type { Reservation, ReservationStatus } from '@ustaz/contract';
import { BOOKING, cancellationTerms } from '@ustaz/contract/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatDateTime, formatWeekdayDate, lessonTimeRanges } from '../../shared/lib/dates/formats.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { formatHoursNumber } from '../../shared/money/format-hours.ts';
import { StudentReviewsSummary } from '../../shared/reviews/student-reviews-summary.tsx';
import { BookAgainLink } from '../../shared/teachers/book-again-link.tsx';
import { TrialBadge, WeeklyWithTeacherLink } from '../../shared/teachers/trial-lesson.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { CardLink } from '../../shared/ui/card-link.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import {
  Ban,
  CalendarDays,
  Clock,
  CreditCard,
  Hourglass,
  ReceiptText,
  StickyNote,
  Video,
  Wallet,
} from '../../shared/ui/icons.tsx';
import { LessonProblemLine } from './lesson-problem-line.tsx';
import { MovedMark, MoveLesson } from './move-lesson.tsx';
import { PaidBy } from './paid-by.tsx';
import { PartyCard } from './party-card.tsx';
import { PendingPayment } from './pending-payment.tsx';
import { FreeCancelButtonText, FreeCancelLine, ProposalBanner } from './proposal-banner.tsx';
import { ProposeNewTime } from './propose-new-time.tsx';
import { type ReviewAboutMe, ReviewAboutMeLine } from './review-about-me.tsx';
import { StandingBadge, StandingCharge } from './standing-badge.tsx';

/** Which side of the reservation the signed-in user is on. */
export type ReservationViewer = 'student' | 'teacher';

const STATUS_CLASSES: Record<ReservationStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  confirmed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  completed: 'bg-sky-50 text-sky-800 ring-sky-200',
  cancelled: 'bg-red-50 text-red-800 ring-red-200',
};

export function StatusBadge({ status }: { status: ReservationStatus }) {
  const { t } = useTranslation('reservations');
  return (
    <span
      className={cx(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        STATUS_CLASSES[status],
      )}
      data-testid="reservation-status"
    >
      {t(`status.${status}`)}
    </span>
  );
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    // dt and dd are the group's direct children (a <dl> allows one wrapping <div>): the icon sits in the dt.
    <div className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] items-start gap-x-2">
      <dt className="col-span-2 grid grid-cols-subgrid items-start text-xs text-slate-500">
        <span aria-hidden="true" className="mt-0.5 shrink-0 text-slate-400">
          {icon}
        </span>
        <span className="min-w-0">{label}</span>
      </dt>
      <dd className="col-start-2 min-w-0 font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * One reservation: the other party (a student sees the teacher, linked to the teacher page; a
 * teacher sees the student), date and times in the viewer's zone, length, price, how it was paid,
 * status, note, and Cancel while the server allows it (or why a student no longer can).
 */
export function ReservationCard({
  reservation,
  viewer,
  timeZone,
  now,
  onCancel,
  aboutMe,
}: {
  reservation: Reservation;
  viewer: ReservationViewer;
  timeZone: string;
  now: Date;
  onCancel: (reservation: Reservation) => void;
  /** What the other side wrote about the viewer, once published. */
  aboutMe?: ReviewAboutMe;
}) {
  const { t } = useTranslation('reservations');
  const language = useCurrentLanguage();
  const other = viewer === 'student' ? reservation.teacher : reservation.student;
  const name = `${other.firstName} ${other.lastName}`.trim();
  const headingId = `reservation-${reservation.id}-title`;
  const startsLater = Date.parse(reservation.startTime) > now.getTime();
  // The one cancellation rule (contract `cancellationTerms`): free until 24 h before the start, then
  // closed; a student is told which, instead of Cancel silently disappearing or a deadline already past.
  const terms = cancellationTerms(reservation.startTime, now);
  const deadline = formatDateTime(terms.deadline, language, timeZone);
  const live = reservation.status === 'confirmed' || reservation.status === 'pending';
  const studentTerms = viewer === 'student' && live && startsLater;
  const cancellationClosed = studentTerms && !terms.cancellable;

  return (
    <PartyCard
      reservation={reservation}
      other={other}
      headingId={headingId}
      className="border-slate-200 bg-white"
      testId="reservation"
      aside={<KindAndStatus reservation={reservation} />}
      heading={
        <>
          <p className="text-xs text-slate-500">{t(viewer === 'student' ? 'card.teacher' : 'card.student')}</p>
          <h3 id={headingId} className="text-base font-bold wrap-anywhere text-slate-900">
            {viewer === 'student' ? (
              <Link
                to={localePath(language, `/teachers/${reservation.teacher.teacherProfileId}`)}
                className="hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
              >
                <bdi>{name}</bdi>
              </Link>
            ) : (
              <bdi>{name}</bdi>
            )}
          </h3>
          {viewer === 'teacher' ? (
            <StudentReviewsSummary studentId={reservation.student.id} timeZone={timeZone} />
          ) : null}
        </>
      }
    >
      <dl className="grid gap-3 sm:grid-cols-2">
        <Detail icon={<CalendarDays className="size-4" />} label={t('card.date')}>
          <time dateTime={reservation.startTime}>{formatWeekdayDate(reservation.startTime, language, timeZone)}</time>
        </Detail>
        <Detail icon={<Clock className="size-4" />} label={t('card.time')}>
          <ReservationTimes reservation={reservation} viewer={viewer} timeZone={timeZone} />
        </Detail>
        <Detail icon={<Hourglass className="size-4" />} label={t('card.length')}>
          {t('card.hours', { count: reservation.hours, number: formatHoursNumber(reservation.hours, language) })}
        </Detail>
        <Detail
          icon={reservation.paidWith === 'wallet' ? <Wallet className="size-4" /> : <CreditCard className="size-4" />}
          label={t('card.price')}
        >
          <PaidBy reservation={reservation} />
        </Detail>
      </dl>
      <StandingCharge reservation={reservation} timeZone={timeZone} />
      <MovedMark reservation={reservation} />

      {reservation.note.trim() ? (
        <div className="flex items-start gap-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
          <StickyNote aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
          <p className="min-w-0 wrap-anywhere">
            <span className="font-semibold">{t('card.note')} </span>
            <span dir="auto">{reservation.note}</span>
          </p>
        </div>
      ) : null}

      {reservation.status === 'cancelled' ? (
        <CancelledLine reservation={reservation} viewer={viewer} timeZone={timeZone} />
      ) : null}
      <LessonProblemLine reservation={reservation} viewer={viewer} now={now} timeZone={timeZone} />
      {aboutMe ? <ReviewAboutMeLine review={aboutMe} name={name} /> : null}
      {reservation.status === 'confirmed' ? (
        <CardLink to={`/lessons/${reservation.id}`} icon={Video} testId="reservation-lesson-room">
          {t('card.lessonRoom')}
        </CardLink>
      ) : null}
      <ReceiptLink reservation={reservation} viewer={viewer} />
      <NewTimeLines reservation={reservation} viewer={viewer} timeZone={timeZone} now={now} />
      <PastLessonBookAgain reservation={reservation} viewer={viewer} now={now} name={name} />
      {/* A weekly lesson waiting for its charge says when it is charged instead (StandingCharge). */}
      {reservation.status === 'pending' && !reservation.standingBookingId ? (
        <p className="text-sm text-amber-800">
          {t(viewer === 'student' ? 'card.pendingStudent' : 'card.pendingTeacher')}
        </p>
      ) : null}
      {reservation.status === 'pending' && viewer === 'student' && reservation.payment ? (
        <PendingPayment payment={reservation.payment} />
      ) : null}

      {reservation.canCancel || studentTerms ? (
        <footer className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
          {viewer === 'student' && reservation.freeCancel && reservation.canCancel ? (
            <FreeCancelLine />
          ) : cancellationClosed ? (
            <p className="text-sm text-slate-600" data-testid="cancellation-closed">
              {t(reservation.status === 'pending' ? 'card.closedOncePaid' : 'card.cancellationClosed', {
                deadline,
                hours: formatNumber(BOOKING.studentCancelHours, language),
              })}
            </p>
          ) : studentTerms && deadline ? (
            <p className="text-sm text-slate-600" data-testid="cancel-until">
              {t('card.cancelUntil', { deadline })}
            </p>
          ) : (
            <span />
          )}
          {reservation.canCancel ? (
            <Button
              variant="outline"
              size="md"
              className="border-red-200 text-red-700 hover:border-red-700 hover:text-red-800"
              onClick={() => onCancel(reservation)}
              aria-describedby={headingId}
            >
              <Ban aria-hidden="true" className="size-4" />
              {viewer === 'student' && reservation.freeCancel ? <FreeCancelButtonText /> : t('cancel.button')}
            </Button>
          ) : null}
        </footer>
      ) : null}
    </PartyCard>
  );
}

/**
 * A lesson's new time (issue 32): to the student, the teacher's proposal to answer and "Move lesson";
 * to the teacher, "Propose a new time" or the proposal waiting for the student.
 */
function NewTimeLines({ reservation, viewer, timeZone, now }: CardLineProps & { now: Date }) {
  if (viewer === 'teacher') {
    return <ProposeNewTime reservation={reservation} viewer={viewer} timeZone={timeZone} now={now} />;
  }
  return (
    <>
      <ProposalBanner reservation={reservation} timeZone={timeZone} />
      <MoveLesson reservation={reservation} timeZone={timeZone} now={now} />
    </>
  );
}

/** "Book again" on a student's lesson that has started or ended (issue 32): the teacher page's open slots. */
function PastLessonBookAgain({
  reservation,
  viewer,
  now,
  name,
}: Omit<CardLineProps, 'timeZone'> & { now: Date; name: string }) {
  if (viewer !== 'student' || reservation.status === 'pending' || Date.parse(reservation.startTime) > now.getTime()) {
    return null;
  }
  const teacherProfileId = reservation.teacher.teacherProfileId;
  return (
    <div className="flex flex-wrap gap-2">
      {/* After a trial (issue 32): the same teacher every week. */}
      {reservation.kind === 'trial' && reservation.status === 'completed' ? (
        <WeeklyWithTeacherLink teacherId={teacherProfileId} teacherName={name} />
      ) : null}
      <BookAgainLink teacherProfileId={teacherProfileId} name={name} variant="outline" className="self-start" />
    </div>
  );
}

/** The status, and "Trial" or "Weekly" for a trial or a series lesson (issue 32); they wrap, the name keeps its width. */
function KindAndStatus({ reservation }: { reservation: Reservation }) {
  return (
    <span className="flex max-w-[50%] shrink-0 flex-wrap items-center justify-end gap-1.5">
      {reservation.kind === 'trial' ? <TrialBadge /> : null}
      <StandingBadge reservation={reservation} />
      <StatusBadge status={reservation.status} />
    </span>
  );
}

/** What a line of the card needs: the reservation, whose card it is, and the viewer's zone. */
type CardLineProps = { reservation: Reservation; viewer: ReservationViewer; timeZone: string };

/** The time in the viewer's zone and, when the other party's zone shows another one, theirs too (issue 15). */
function ReservationTimes({ reservation, viewer, timeZone }: CardLineProps) {
  const { t } = useTranslation('reservations');
  const language = useCurrentLanguage();
  const otherZone = viewer === 'student' ? reservation.teacher.timeZone : reservation.student.timeZone;
  const { mine, theirs } = lessonTimeRanges(reservation, language, timeZone, otherZone);
  if (theirs === null) return <span data-testid="reservation-time">{mine}</span>;
  return (
    <span data-testid="reservation-time" className="flex flex-wrap gap-x-1.5">
      <span>{t('card.yourTime', { time: mine })}</span>
      <span className="font-normal text-slate-600">
        <span aria-hidden="true">· </span>
        {t(viewer === 'student' ? 'card.teacherTime' : 'card.studentTime', { time: theirs })}
      </span>
    </span>
  );
}

function CancelledLine({ reservation, viewer, timeZone }: CardLineProps) {
  const { t } = useTranslation('reservations');
  const language = useCurrentLanguage();
  const by = reservation.cancelledBy;
  const who = by === null ? 'unknown' : by === viewer ? 'you' : by;
  const when = reservation.cancelledAt ? formatDateTime(reservation.cancelledAt, language, timeZone) : '';
  return (
    <p className="text-sm text-red-800" data-testid="cancelled-by">
      {t(`card.cancelledBy.${who}`)}
      {when ? (
        <>
          {/* Arabic: a dash, as "·" beside the date's first digit reads as a zero (٠). */}
          {t('card.whenSeparator')}
          <time dateTime={reservation.cancelledAt ?? undefined}>{when}</time>
        </>
      ) : null}
    </p>
  );
}

/** A paid lesson's receipt (issue 34), for its student. */
function ReceiptLink({ reservation, viewer }: { reservation: Reservation; viewer: ReservationViewer }) {
  const { t } = useTranslation('reservations');
  if (viewer !== 'student' || !reservation.paidBy || reservation.status === 'pending') return null;
  return (
    <CardLink to={`/receipts/lesson-${reservation.id}`} icon={ReceiptText} testId="reservation-receipt">
      {t('card.receipt')}
    </CardLink>
  );
}
