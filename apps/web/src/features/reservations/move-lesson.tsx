import type { Reservation } from '@ustaz/contract';
import { BOOKING, RESCHEDULE_MIN_HOURS } from '@ustaz/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatDateTime, formatLessonRange } from '../../shared/lib/dates/formats.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { openPaymentLink } from '../../shared/money/payment-link.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CalendarClock } from '../../shared/ui/icons.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { rescheduleReservation, rescheduleWithTopUp, useTeacherOpenSlots } from './api/reschedule.ts';
import { ERROR_TEXTS } from './reschedule-error-texts.ts';
import { useRescheduleFailure, useRescheduleRefresh } from './reschedule-failure.tsx';
import { type MoveSlot, PriceDifference } from './reschedule-slots.tsx';
import { type LessonDialogProps, SlotMoveDialog } from './slot-move-dialog.tsx';

/** "Moved" beside a lesson's time once it was moved (`rescheduledAt`). */
export function MovedMark({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation('reschedule');
  if (!reservation.rescheduledAt) return null;
  return (
    <span
      className="inline-flex items-center gap-1 self-start rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-semibold text-sky-800 ring-1 ring-sky-200 ring-inset"
      data-testid="reservation-moved"
    >
      <CalendarClock aria-hidden="true" className="size-3.5" />
      {t('move.moved')}
    </span>
  );
}

/**
 * The student's "Move lesson" on an upcoming confirmed lesson (issue 32) while `canReschedule`;
 * once too late, the rule instead: lessons move until RESCHEDULE_MIN_HOURS before the start.
 */
export function MoveLesson({ reservation, timeZone, now }: { reservation: Reservation; timeZone: string; now: Date }) {
  const { t } = useTranslation('reschedule');
  const language = useCurrentLanguage();
  const [open, setOpen] = useState(false);
  if (reservation.status !== 'confirmed' || Date.parse(reservation.startTime) <= now.getTime()) return null;
  if (reservation.proposal?.status === 'open') return null;
  if (!reservation.canReschedule) {
    return (
      <p className="text-sm text-slate-600" data-testid="reschedule-closed">
        {t('move.closed', { hours: formatNumber(RESCHEDULE_MIN_HOURS, language) })}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-600" data-testid="reschedule-until">
        {t('move.until', { deadline: formatDateTime(reservation.rescheduleDeadline, language, timeZone) })}
      </p>
      <Button variant="outline" size="md" onClick={() => setOpen(true)} data-testid="move-lesson">
        <CalendarClock aria-hidden="true" className="size-4" />
        {t('move.button')}
      </Button>
      {open ? (
        <MoveLessonDialog reservation={reservation} timeZone={timeZone} now={now} onClose={() => setOpen(false)} />
      ) : null}
    </div>
  );
}

/** Refusals after which the chosen time is gone or dearer: the choice is cleared and the open times read again. */
const MOVE_SLOT_REFUSALS = new Set(['slotUnavailable', 'priceChanged']);
/** Refusals after which the lesson can no longer move: the lists are read again. */
const MOVE_LESSON_REFUSALS = new Set(['rescheduleTooLate', 'lessonNotMovable']);

function MoveLessonDialog(props: LessonDialogProps) {
  const { reservation, timeZone } = props;
  const { t } = useTranslation('reschedule');
  const language = useCurrentLanguage();
  const query = useTeacherOpenSlots(reservation.teacher.teacherProfileId, true);
  return (
    <SlotMoveDialog
      {...props}
      query={query}
      texts={ERROR_TEXTS.reschedule}
      slotRefusals={MOVE_SLOT_REFUSALS}
      lessonRefusals={MOVE_LESSON_REFUSALS}
      send={async (slot) => {
        const answer = await rescheduleReservation(reservation.id, slot.id, slot.price);
        const time = formatLessonRange(answer.reservation.startTime, answer.reservation.endTime, language, timeZone);
        return t('move.done', { time });
      }}
      failureAction={(failure, selected, close) =>
        failure.code === 'insufficientBalance' ? (
          <PayRestByKnet reservation={reservation} slot={selected} timeZone={timeZone} onDone={close} />
        ) : null
      }
      extra={(selected) =>
        selected ? <PriceDifference lessonPrice={reservation.price} newPrice={selected.price} /> : null
      }
      labels={{
        title: t('move.title'),
        pick: t('move.pick'),
        empty: <p>{t('move.empty')}</p>,
        close: t('move.keep'),
        send: t('move.confirm'),
        sending: t('move.moving'),
      }}
    />
  );
}

/**
 * A balance short of a dearer time's difference (issue 32, ADR 033): pay the rest by KNET. The new
 * time is held for BOOKING.holdMinutes while the payment page is open in a new tab; the lesson moves
 * when it is paid (the result page says so), or the money stays in the wallet. A blocked tab: the
 * toast carries the link. The balance paying by now: the move is made at once.
 */
function PayRestByKnet({
  reservation,
  slot,
  timeZone,
  onDone,
}: {
  reservation: Reservation;
  slot: MoveSlot;
  timeZone: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('reschedule');
  const language = useCurrentLanguage();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const describeFailure = useRescheduleFailure();
  const refresh = useRescheduleRefresh();
  // One key per time chosen: a retry after a lost answer does not start a second payment.
  const attempt = useRef<{ slotId: number; key: string } | null>(null);
  if (attempt.current?.slotId !== slot.id) attempt.current = { slotId: slot.id, key: crypto.randomUUID() };
  const key = attempt.current.key;

  async function pay() {
    setPending(true);
    setFailure(null);
    try {
      const answer = await rescheduleWithTopUp(reservation.id, slot.id, slot.price, {
        topUpWith: 'payzah',
        language,
        idempotencyKey: key,
      });
      refresh();
      if ('topUp' in answer) {
        const link = answer.topUp.paymentLink;
        const opened = openPaymentLink(link);
        void notify.info(
          t('move.knetStarted', { minutes: formatNumber(BOOKING.holdMinutes, language) }),
          opened
            ? undefined
            : { duration: 15_000, action: { label: t('move.openPaymentPage'), onClick: () => openPaymentLink(link) } },
        );
      } else {
        const moved = answer.reservation;
        void notify.success(
          t('move.done', { time: formatLessonRange(moved.startTime, moved.endTime, language, timeZone) }),
        );
      }
      onDone();
    } catch (error) {
      setFailure(describeFailure(error).text);
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="flex flex-col items-start gap-1">
      <Button size="sm" disabled={pending} onClick={() => void pay()} data-testid="move-pay-knet">
        {pending ? t('move.knetStarting') : t('move.payRestByKnet')}
      </Button>
      <p className="text-xs text-slate-700">
        {t('move.knetHold', { minutes: formatNumber(BOOKING.holdMinutes, language) })}
      </p>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
