import type { Payment, Reservation } from '@ustaz/contract';
import { cancellationTerms } from '@ustaz/contract/constants';
import { readKwdFils } from '@ustaz/contract/kwd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import type { Translate } from '../../shared/i18n/translate.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import {
  formatLessonMoment,
  formatLessonRange,
  formatShortTime,
  formatWeekdayDate,
  viewerTimeZone,
} from '../../shared/lib/dates/formats.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { formatHours } from '../../shared/money/format-hours.ts';
import { paymentQueryKey, usePayment } from '../../shared/money/get-payment.ts';
import type { BookingOutcome } from '../../shared/money/money-modals.ts';
import { useRefreshOnPaymentInOtherTab } from '../../shared/money/payment-broadcast.ts';
import { useRealtimeEvent } from '../../shared/realtime/use-realtime-event.ts';
import { useAvailableSlots } from '../../shared/teachers/available-slots-api.ts';
import { TrialBadge, WeeklyWithTeacherLink } from '../../shared/teachers/trial-lesson.tsx';
import { WeeklyOption } from '../../shared/teachers/weekly-option.tsx';
import { Button, buttonClasses } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { CircleCheck, CircleX, ExternalLink, Hourglass } from '../../shared/ui/icons.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { paymentStartedToastId } from './start-booking.ts';

type Success = Extract<BookingOutcome, { status: 'success' }>;
/** What the gateway tab did, as this tab learns it: still waiting, paid, failed or expired. */
type GatewayState = Payment['status'] | 'creditedToWallet';

/** Keep asking for a gateway payment's status until its hold has ended, and a minute more. */
const FOLLOW_AFTER_HOLD_MS = 60_000;

/**
 * The booking's outcome. Paid from the balance: confirmed, how it was paid, each lesson's terms.
 * Sent to a gateway (issue 30): the view follows the payment (the socket's notice, the return page
 * in the other tab, else asking every 3 s until the hold ends) and says what happened: still to
 * pay, paid and booked, failed or expired; never a green check before the money came.
 */
export function SuccessView({
  titleId,
  teacherName,
  outcome,
  onDone,
}: {
  titleId: string;
  teacherName: string;
  outcome: Success;
  onDone: () => void;
}) {
  const { t } = useTranslation(['booking', 'payment']);
  const { response } = outcome;
  const state = useGatewayState(response.paymentLink ? (response.paymentId ?? null) : null, response.holdExpiresAt);
  const settled = response.paymentLink !== undefined && state !== 'pending';
  // The outcome is on screen now: the "Payment started" toast goes (one message, issue 30).
  useEffect(() => {
    if (settled) void notify.dismiss(paymentStartedToastId(response));
  }, [settled, response]);
  const lessons = <BookedLessons teacherName={teacherName} reservations={response.reservations} />;
  if (response.paymentLink && state !== 'paid') {
    return (
      <Frame titleId={titleId} onDone={onDone} state={state} title={gatewayTitle(state, t)}>
        {state === 'pending' ? (
          <>
            {lessons}
            <PendingPayment outcome={outcome} />
          </>
        ) : (
          <p className="max-w-md text-slate-600" data-testid="booking-payment-outcome">
            {state === 'creditedToWallet'
              ? t('result.creditedToWallet', { ns: 'payment' })
              : state === 'expired'
                ? t('success.expiredBody')
                : t('result.failedBody.booking', { ns: 'payment' })}
          </p>
        )}
      </Frame>
    );
  }
  return (
    <Frame titleId={titleId} onDone={onDone} state="paid" title={t('success.title')}>
      {lessons}
      <TrialWeeklyOffer teacherName={teacherName} reservations={response.reservations} />
      <NextWeekOffer reservations={response.reservations} />
      <p className="max-w-md text-slate-600">{t('success.body')}</p>
      {response.paymentLink ? null : <PaidWith response={response} />}
    </Frame>
  );
}

function gatewayTitle(state: GatewayState, t: Translate): string {
  if (state === 'pending') return t('success.pendingTitle');
  if (state === 'creditedToWallet') return t('success.creditedTitle');
  return t(state === 'expired' ? 'result.expiredTitle' : 'result.failedTitle', { ns: 'payment' });
}

/** The gateway payment's status, followed while this view is open. */
function useGatewayState(paymentId: string | null, holdExpiresAt: string | undefined): GatewayState {
  const followUntil = (holdExpiresAt ? Date.parse(holdExpiresAt) : Date.now()) + FOLLOW_AFTER_HOLD_MS;
  const payment = usePayment(paymentId, { enabled: paymentId !== null, poll: Date.now() < followUntil });
  const refetch = payment.refetch;
  // The server tells this user over the socket (payment.paid / failed, booking.confirmed) ...
  useRealtimeEvent('notification', (notice) => {
    if (paymentId && (notice.data.paymentId === paymentId || notice.type === 'booking.confirmed')) void refetch();
  });
  // ... and the return page in the gateway's tab tells the other tabs when it was paid.
  useRefreshOnPaymentInOtherTab(paymentId ? [paymentQueryKey(paymentId)] : []);
  const status = payment.data?.status ?? 'pending';
  return status === 'paid' && payment.data?.creditedToWallet ? 'creditedToWallet' : status;
}

const ICONS: Record<GatewayState, { icon: ReactNode; tone: string }> = {
  pending: { icon: <Hourglass className="size-8" />, tone: 'bg-amber-50 text-amber-700' },
  paid: { icon: <CircleCheck className="size-8" />, tone: 'bg-emerald-50 text-emerald-700' },
  creditedToWallet: { icon: <CircleCheck className="size-8" />, tone: 'bg-sky-50 text-sky-700' },
  failed: { icon: <CircleX className="size-8" />, tone: 'bg-red-50 text-red-700' },
  expired: { icon: <CircleX className="size-8" />, tone: 'bg-red-50 text-red-700' },
};

function Frame({
  titleId,
  state,
  title,
  onDone,
  children,
}: {
  titleId: string;
  state: GatewayState;
  title: string;
  onDone: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(['booking', 'payment']);
  const language = useCurrentLanguage();
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center" data-testid="booking-success" data-state={state}>
      <span
        aria-hidden="true"
        className={cx('flex size-14 items-center justify-center rounded-full', ICONS[state].tone)}
      >
        {ICONS[state].icon}
      </span>
      <h2 id={titleId} className="text-lg font-bold text-slate-900" aria-live="polite">
        {title}
      </h2>
      {children}
      <div className="flex w-full flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-center">
        <Link
          to={localePath(language, '/reservations')}
          onClick={onDone}
          className={buttonClasses({ variant: 'ghost' })}
        >
          {t('success.reservations')}
        </Link>
        <Button onClick={onDone}>{t('success.ok')}</Button>
      </div>
    </div>
  );
}

function PendingPayment({ outcome }: { outcome: Success }) {
  const { t } = useTranslation(['booking', 'payment']);
  const language = useCurrentLanguage();
  const { response } = outcome;
  const holdText = response.holdExpiresAt ? formatShortTime(response.holdExpiresAt, language) || null : null;
  return (
    <>
      <p className="max-w-md text-slate-600">
        {outcome.paymentPageOpened ? t('success.pendingBody') : t('success.pendingBlocked')}
      </p>
      {holdText ? <p className="text-sm text-slate-600">{t('success.heldUntil', { time: holdText })}</p> : null}
      {response.topUp ? (
        <p className="max-w-md text-sm text-slate-600" data-testid="booking-top-up-pending">
          {t('success.topUpPending', { amount: formatKwd(response.topUp, language) ?? response.topUp })}
        </p>
      ) : null}
      <a
        href={response.paymentLink}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses({ variant: outcome.paymentPageOpened ? 'outline' : 'primary' })}
      >
        <ExternalLink aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        {t('success.openPaymentPage')}
      </a>
    </>
  );
}

function PaidWith({ response }: { response: Success['response'] }) {
  const { t } = useTranslation(['booking', 'payment']);
  const language = useCurrentLanguage();
  const { breakdown } = response;
  const walletFils = readKwdFils(breakdown.wallet) ?? 0;
  const text =
    breakdown.subscriptionHours > 0 && walletFils > 0
      ? t('success.paidWithSplit', {
          hours: formatHours(breakdown.subscriptionHours, language, t),
          value: formatKwd(breakdown.subscriptionValue, language) ?? breakdown.subscriptionValue,
          wallet: formatKwd(breakdown.wallet, language) ?? breakdown.wallet,
          balance: formatKwd(response.balance, language) ?? response.balance,
        })
      : response.paidWith === 'subscription'
        ? t('success.paidWithSubscription', { hours: formatHours(response.remainingHours, language, t) })
        : t('success.paidWithWallet', { balance: formatKwd(response.balance, language) ?? '' });
  return (
    <p className="text-sm text-slate-600" data-testid="booking-paid-with">
      {text}
    </p>
  );
}

/**
 * The booked lessons: the teacher, each lesson's date and time, and its cancellation terms by the
 * one rule (`cancellationTerms`): free until 24 hours before, or that it cannot be cancelled.
 */
function BookedLessons({ teacherName, reservations }: { teacherName: string; reservations: Reservation[] }) {
  const { t } = useTranslation(['booking', 'payment']);
  const language = useCurrentLanguage();
  if (reservations.length === 0) return null;
  const now = Date.now();
  return (
    <section
      className="flex w-full max-w-md flex-col gap-2 rounded-xl border border-slate-200 p-3 text-start"
      data-testid="booking-lessons"
    >
      <h3 className="text-sm font-semibold text-slate-700">
        {t('success.lessonsWith', { name: `\u2068${teacherName}\u2069` })}
      </h3>
      <ul className="flex flex-col gap-2">
        {reservations.map((reservation) => {
          const terms = cancellationTerms(reservation.startTime, now);
          return (
            <li key={reservation.id} className="flex flex-col text-sm" data-testid="booking-lesson">
              <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                {formatLessonRange(reservation.startTime, reservation.endTime, language)}
                {reservation.kind === 'trial' ? <TrialBadge /> : null}
              </span>
              {terms.cancellable ? (
                <span className="text-xs text-slate-600">
                  {t('review.cancelUntil', { deadline: formatLessonMoment(terms.deadline, language) })}
                </span>
              ) : (
                <span className="text-xs font-semibold text-amber-800">
                  {t('review.notCancellable')} · {t('review.notCancellableWhy')}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A trial booked (issue 32): the next step is the same teacher every week. */
function TrialWeeklyOffer({ teacherName, reservations }: { teacherName: string; reservations: Reservation[] }) {
  const trial = reservations.find((reservation) => reservation.kind === 'trial');
  if (!trial) return null;
  return <WeeklyWithTeacherLink teacherId={trial.teacher.teacherProfileId} teacherName={teacherName} />;
}

const WEEK_MS = 7 * 86_400_000;

/**
 * One ordinary lesson booked (issue 32, "after a booking"): the same teacher at the same time every
 * week, from next week's open slot at this time and length, through the teacher page's weekly
 * option (preview, then confirm). Nothing when that slot is not open. The teacher's list is asked
 * from the lesson's start (`?from=`, AVAILABLE_SLOTS_DAYS from there), so next week is in it however
 * far ahead the lesson is.
 */
function NextWeekOffer({ reservations }: { reservations: Reservation[] }) {
  const { t } = useTranslation('standing');
  const language = useCurrentLanguage();
  const lesson = reservations.length === 1 ? reservations[0] : undefined;
  const offered = lesson !== undefined && lesson.kind === 'lesson' && lesson.standingBookingId === null;
  const slots = useAvailableSlots(offered ? lesson.teacher.teacherProfileId : 0, offered, lesson?.startTime);
  if (!offered) return null;
  const start = Date.parse(lesson.startTime) + WEEK_MS;
  const length = Date.parse(lesson.endTime) - Date.parse(lesson.startTime);
  const next = slots.data?.find(
    (slot) =>
      slot.kind === 'lesson' &&
      Date.parse(slot.startTime) === start &&
      Date.parse(slot.endTime) - Date.parse(slot.startTime) === length,
  );
  if (!next) return null;
  return (
    <section
      className="flex w-full max-w-md flex-col gap-2 rounded-xl border border-indigo-100 bg-indigo-50/50 p-3 text-start"
      data-testid="next-week-offer"
    >
      <p className="text-sm font-semibold text-indigo-900">
        {t('nextWeek', { date: formatWeekdayDate(next.startTime, language, viewerTimeZone()) })}
      </p>
      <WeeklyOption slot={next} bare />
    </section>
  );
}
