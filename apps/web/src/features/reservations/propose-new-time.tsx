import type { Reservation } from '@ustaz/contract';
import { PROPOSAL_NOTE_MAX_LENGTH } from '@ustaz/contract/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatLessonRange, viewerTimeZone } from '../../shared/lib/dates/formats.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CountedTextarea } from '../../shared/ui/counted-textarea.tsx';
import { CalendarClock, CircleAlert, Hourglass } from '../../shared/ui/icons.tsx';
import { proposeNewTime, useOwnOpenSlots } from './api/reschedule.ts';
import { ERROR_TEXTS } from './reschedule-error-texts.ts';
import { PriceDifference } from './reschedule-slots.tsx';
import { type LessonDialogProps, SlotMoveDialog } from './slot-move-dialog.tsx';

/** Refusals after which the chosen time is gone: the choice is cleared and the open times read again. */
const SLOT_REFUSALS = new Set(['slotUnavailable', 'rescheduleOtherLength']);
/** Refusals after which the lesson itself changed (moved, cancelled, already proposed): the schedule is read again. */
const LESSON_REFUSALS = new Set(['lessonNotMovable', 'proposalExists', 'notFound']);

/** A lesson a teacher may propose a new time for: confirmed, or a weekly lesson not paid yet, and still ahead. */
function proposable(reservation: Reservation, now: Date): boolean {
  const live =
    reservation.status === 'confirmed' || (reservation.status === 'pending' && reservation.standingBookingId !== null);
  return live && Date.parse(reservation.startTime) > now.getTime();
}

/**
 * The teacher's side of a lesson's new time (issue 32), on the schedule and the reservation card:
 * "Propose a new time" on an upcoming lesson; while a proposal is open, the time proposed and that
 * the student has not answered (and no button); after the student declined, that they may cancel
 * with a full refund (and the button again, for another time).
 */
export function ProposeNewTime({
  reservation,
  viewer,
  timeZone,
  now,
}: {
  reservation: Reservation;
  viewer: 'student' | 'teacher';
  timeZone?: string;
  now?: Date;
}) {
  const { t } = useTranslation('reschedule');
  const language = useCurrentLanguage();
  const [open, setOpen] = useState(false);
  const at = now ?? new Date();
  const zone = timeZone ?? viewerTimeZone();
  if (viewer !== 'teacher' || !proposable(reservation, at)) return null;
  const proposal = reservation.proposal;
  if (proposal?.status === 'open') {
    return (
      <p
        className="flex items-start gap-2 rounded-xl bg-sky-50 px-3 py-2 text-sm font-semibold text-sky-900"
        data-testid="proposal-waiting"
      >
        <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0">
          {t('propose.waiting', { time: formatLessonRange(proposal.startTime, proposal.endTime, language, zone) })}
        </span>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      {reservation.freeCancel ? (
        <p
          className="flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900"
          data-testid="proposal-declined"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0">{t('propose.declined')}</span>
        </p>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => setOpen(true)}
        data-testid="propose-new-time"
      >
        <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
        {/* Wraps in the schedule's narrow week cell instead of overflowing it. */}
        <span className="whitespace-normal text-start">{t('propose.button')}</span>
      </Button>
      {open ? (
        <ProposeNewTimeDialog reservation={reservation} timeZone={zone} now={at} onClose={() => setOpen(false)} />
      ) : null}
    </div>
  );
}

/**
 * The teacher's own open times of the lesson's length and kind, grouped by day in their zone, an
 * optional note, and Send (POST /api/v1/reservations/{id}/proposals); every refusal in words.
 */
function ProposeNewTimeDialog(props: LessonDialogProps) {
  const { reservation, now } = props;
  const { t } = useTranslation('reschedule');
  const language = useCurrentLanguage();
  const query = useOwnOpenSlots(now, reservation.startTime, true);
  const [note, setNote] = useState('');
  return (
    <SlotMoveDialog
      {...props}
      query={query}
      texts={ERROR_TEXTS.propose}
      slotRefusals={SLOT_REFUSALS}
      lessonRefusals={LESSON_REFUSALS}
      send={async (slot) => {
        await proposeNewTime(reservation.id, slot.id, note);
        return t('propose.sent');
      }}
      extra={(selected) => (
        <>
          {selected ? (
            <PriceDifference lessonPrice={reservation.price} newPrice={selected.price} viewer="teacher" />
          ) : null}
          <CountedTextarea
            label={t('propose.note')}
            name="note"
            value={note}
            onChange={setNote}
            maxLength={PROPOSAL_NOTE_MAX_LENGTH}
            placeholder={t('propose.notePlaceholder')}
            rows={2}
          />
        </>
      )}
      labels={{
        title: t('propose.title'),
        pick: t('propose.pick'),
        empty: (
          <>
            <p>{t('propose.empty')}</p>
            <Link
              to={localePath(language, '/profile#availability-title')}
              className="font-semibold text-primary underline"
            >
              {t('propose.addTime')}
            </Link>
          </>
        ),
        close: t('propose.close'),
        send: t('propose.send'),
        sending: t('propose.sending'),
      }}
      testId="propose-dialog"
    />
  );
}
