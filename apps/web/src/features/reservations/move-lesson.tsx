import type { Reservation } from '@ustaz/contract';
import { RESCHEDULE_MIN_HOURS } from '@ustaz/contract';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatDateTime, formatLessonRange } from '../../shared/lib/dates/formats.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { Button } from '../../shared/ui/button.tsx';
import { rescheduleReservation, useTeacherOpenSlots } from './api/reschedule.ts';
import { ERROR_TEXTS } from './reschedule-error-texts.ts';
import { PriceDifference } from './reschedule-slots.tsx';
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
