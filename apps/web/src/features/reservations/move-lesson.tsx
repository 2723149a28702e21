import { useQueryClient } from '@tanstack/react-query';
import type { Reservation } from '@ustaz/contract';
import { PROPOSAL_NOTE_MAX_LENGTH, RESCHEDULE_MIN_HOURS } from '@ustaz/contract';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { translate } from '../../shared/i18n/translate.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatDateTime, formatLessonRange } from '../../shared/lib/dates/formats.ts';
import { type ErrorTexts, errorText, translatedCode } from '../../shared/lib/error-text.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { BALANCE_QUERY_KEY } from '../../shared/money/use-balance.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal/modal.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { movableSlots, rescheduleReservation, useTeacherOpenSlots } from './api/reschedule.ts';
import { RESERVATIONS_QUERY_KEY } from './api/reservations.ts';
import { ERROR_TEXTS } from './reschedule-error-texts.ts';
import { type MoveSlot, PriceDifference, SlotPicker } from './reschedule-slots.tsx';

/**
 * A failed call in words, with the reschedule rule's hours and the note's limit, and its code (for
 * the top-up link); `texts` is the student's moves and answers, or the teacher's proposal.
 */
export function useRescheduleFailure(texts: ErrorTexts = ERROR_TEXTS.reschedule) {
  const { t } = useTranslation('reschedule');
  const language = useCurrentLanguage();
  return (error: unknown) => ({
    text: errorText(
      error,
      (key: string, options?: Record<string, unknown>) =>
        translate(t, key, {
          ...options,
          hours: formatNumber(RESCHEDULE_MIN_HOURS, language),
          max: formatNumber(PROPOSAL_NOTE_MAX_LENGTH, language),
        }),
      texts,
      'errors.generic',
    ),
    code: translatedCode(error, texts),
  });
}

/** The refresh after a move, a proposal or an answer: every reservation list (and the schedule, below the same key), the balance and the open times. */
export function useRescheduleRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: RESERVATIONS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: ['teacher', 'slots'] });
    // The teacher's own slots (the availability editor and the proposal's open times).
    void queryClient.invalidateQueries({ queryKey: ['availability', 'slots'] });
  };
}

/** The failure line of a reschedule dialog; a short balance offers the wallet top-up. */
export function RescheduleFailure({ failure }: { failure: { text: string; code: string | null } }) {
  const { t } = useTranslation('reschedule');
  const language = useCurrentLanguage();
  return (
    <Alert title={failure.text}>
      {failure.code === 'insufficientBalance' ? (
        <Link to={localePath(language, '/profile#wallet-title')} className="font-semibold text-primary underline">
          {t('errors.topUp')}
        </Link>
      ) : null}
    </Alert>
  );
}

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

function MoveLessonDialog({
  reservation,
  timeZone,
  now,
  onClose,
}: {
  reservation: Reservation;
  timeZone: string;
  now: Date;
  onClose: () => void;
}) {
  const { t } = useTranslation('reschedule');
  const language = useCurrentLanguage();
  const query = useTeacherOpenSlots(reservation.teacher.teacherProfileId, true);
  const [selected, setSelected] = useState<MoveSlot | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ text: string; code: string | null } | null>(null);
  const describeFailure = useRescheduleFailure();
  const refresh = useRescheduleRefresh();
  const slots = query.data ? movableSlots(query.data, reservation, now) : [];

  async function confirm() {
    if (!selected) return;
    setPending(true);
    setFailure(null);
    try {
      const answer = await rescheduleReservation(reservation.id, selected.id, selected.price);
      const time = formatLessonRange(answer.reservation.startTime, answer.reservation.endTime, language, timeZone);
      void notify.success(t('move.done', { time }));
      refresh();
      onClose();
    } catch (error) {
      const described = describeFailure(error);
      setFailure(described);
      // A taken slot or a changed price: the open times are read again.
      if (described.code === 'slotUnavailable' || described.code === 'priceChanged') {
        setSelected(null);
        void query.refetch();
      }
      if (described.code === 'rescheduleTooLate' || described.code === 'lessonNotMovable') refresh();
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal open onClose={onClose} title={t('move.title')} size="lg">
      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <p className="text-sm text-slate-700">
          {t('move.current', {
            time: formatLessonRange(reservation.startTime, reservation.endTime, language, timeZone),
          })}
        </p>
        <SlotPicker
          query={query}
          slots={slots}
          timeZone={timeZone}
          selected={selected?.id ?? null}
          onSelect={setSelected}
          pick={t('move.pick')}
          empty={<p>{t('move.empty')}</p>}
        />
        {selected ? <PriceDifference lessonPrice={reservation.price} newPrice={selected.price} /> : null}
        {failure ? <RescheduleFailure failure={failure} /> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" size="md" onClick={onClose}>
            {t('move.keep')}
          </Button>
          <Button size="md" disabled={!selected || pending} onClick={() => void confirm()}>
            {pending ? t('move.moving') : t('move.confirm')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
