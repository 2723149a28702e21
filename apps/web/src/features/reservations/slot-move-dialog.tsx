import type { OwnSlot, Reservation, TimeSlot } from '@ustaz/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatLessonRange } from '../../shared/lib/dates/formats.ts';
import type { ErrorTexts } from '../../shared/lib/error-text.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal/modal.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { movableSlots } from './api/reschedule.ts';
import { RescheduleFailure, useRescheduleFailure, useRescheduleRefresh } from './reschedule-failure.tsx';
import { type MoveSlot, SlotPicker } from './reschedule-slots.tsx';

/** The open slots a dialog offers, as a TanStack query of the student's or the teacher's call. */
type SlotsQuery = {
  data: (TimeSlot | OwnSlot)[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
};

/** The lesson a reschedule dialog is about, in the viewer's zone at `now`, and how it closes. */
export type LessonDialogProps = { reservation: Reservation; timeZone: string; now: Date; onClose: () => void };

/**
 * The one dialog that takes a lesson to another of its teacher's open times (issue 32): the
 * student's move and the teacher's proposal. The lesson's time now, the times it can go to (its
 * length and kind, after `now`) by day, what `extra` adds for the chosen one, the refusal in words,
 * and the send button. `send` makes the call and answers the toast's text; after a refusal in
 * `slotRefusals` the choice is cleared and the times read again, after one in `lessonRefusals` the
 * lists are (the lesson itself changed).
 */
export function SlotMoveDialog({
  reservation,
  timeZone,
  now,
  onClose,
  query,
  texts,
  slotRefusals,
  lessonRefusals,
  send,
  extra,
  labels,
  testId,
  failureAction,
}: LessonDialogProps & {
  query: SlotsQuery;
  texts: ErrorTexts;
  slotRefusals: ReadonlySet<string>;
  lessonRefusals: ReadonlySet<string>;
  send: (slot: MoveSlot) => Promise<string>;
  extra: (selected: MoveSlot | null) => ReactNode;
  labels: { title: string; pick: string; empty: ReactNode; close: string; send: string; sending: string };
  testId?: string;
  /** What the failure line offers beside its text for the chosen time (the move's gateway top-up of a short balance). */
  failureAction?: (failure: { code: string | null }, selected: MoveSlot, close: () => void) => ReactNode;
}) {
  const { t } = useTranslation('reschedule');
  const language = useCurrentLanguage();
  const [selected, setSelected] = useState<MoveSlot | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ text: string; code: string | null } | null>(null);
  const describeFailure = useRescheduleFailure(texts);
  const refresh = useRescheduleRefresh();
  const slots = query.data ? movableSlots(query.data, reservation, now) : [];

  async function submit() {
    if (!selected) return;
    setPending(true);
    setFailure(null);
    try {
      void notify.success(await send(selected));
      refresh();
      onClose();
    } catch (error) {
      const described = describeFailure(error);
      setFailure(described);
      if (slotRefusals.has(described.code ?? '')) {
        setSelected(null);
        void query.refetch();
      }
      if (lessonRefusals.has(described.code ?? '')) refresh();
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal open onClose={onClose} title={labels.title} size="lg">
      <div className="flex flex-col gap-4 p-4 sm:p-6" data-testid={testId}>
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
          pick={labels.pick}
          empty={labels.empty}
        />
        {slots.length > 0 ? extra(selected) : null}
        {failure ? (
          <RescheduleFailure failure={failure}>
            {selected && failureAction ? failureAction(failure, selected, onClose) : null}
          </RescheduleFailure>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" size="md" onClick={onClose}>
            {labels.close}
          </Button>
          <Button size="md" disabled={!selected || pending} onClick={() => void submit()}>
            {pending ? labels.sending : labels.send}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
