import type { OwnSlot, RecurringSlotsResponse } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { type DayKey, dayKeyInZone } from '../../shared/lib/dates/calendar.ts';
import { notify } from '../../shared/ui/toast.tsx';
import { createOwnSlot, updateOwnSlot } from './api/own-slots.ts';
import { createRecurringSlots } from './api/recurring-slots.ts';
import { SlotForm, type SlotFormValues } from './slot-form.tsx';
import { WeeklyHoursForm } from './weekly-hours-form.tsx';
import { timeOfDayInZone } from './zoned-time.ts';

export type Editing = { mode: 'add' } | { mode: 'weekly' } | { mode: 'edit'; slot: OwnSlot } | null;

type SlotEditingProps = {
  editing: Editing;
  /** The shown week's first day. */
  week: DayKey;
  today: DayKey;
  timeZone: string;
  now: () => Date;
  hourlyRate: string | null;
  /** The teacher's trial price: a new slot may be a trial (issue 32). */
  trialPrice?: string | null;
  close: () => void;
  /** Reloads the slots. */
  refresh: () => void;
  /** Shows the week of a saved slot. */
  showWeekOf: (iso: string) => void;
  /** Weekly hours made slots from `fromDate` on. */
  onCreated: (result: RecurringSlotsResponse, fromDate: DayKey) => void;
};

/** The open form of the editor, if any: weekly hours, a new slot, or the edit of one. */
export function SlotEditing({
  editing,
  week,
  today,
  timeZone,
  now,
  hourlyRate,
  trialPrice,
  ...actions
}: SlotEditingProps) {
  const { t } = useTranslation('availability');
  const { close, refresh } = actions;

  // What the add and the edit form share: the week's limits, the clock, the rate, and what follows a save or a cancel.
  const formContext = { minDay: today, timeZone, now, hourlyRate, onCancel: close };
  const afterSave = (message: 'added' | 'updated') => (slot: OwnSlot) => {
    close();
    void notify.success(t(message));
    actions.showWeekOf(slot.startTime);
    refresh();
  };

  if (editing?.mode === 'weekly')
    return (
      <WeeklyHoursForm
        today={today}
        timeZone={timeZone}
        hourlyRate={hourlyRate}
        save={createRecurringSlots}
        onCreated={actions.onCreated}
        onCancel={close}
      />
    );

  if (editing?.mode === 'add') {
    const addInitial: SlotFormValues = {
      // The first day of the shown week that is not past.
      day: week < today ? today : week,
      start: '',
      end: '',
      price: '',
      kind: 'lesson',
    };
    return (
      <SlotForm
        key={`add-${week}`}
        title={t('form.addTitle')}
        submitLabel={t('form.addSubmit')}
        initial={addInitial}
        trialPrice={trialPrice}
        {...formContext}
        save={createOwnSlot}
        onSaved={afterSave('added')}
        onStale={refresh}
      />
    );
  }

  if (editing?.mode === 'edit')
    return (
      <SlotForm
        key={`edit-${editing.slot.id}`}
        title={t('form.editTitle')}
        submitLabel={t('form.editSubmit')}
        initial={{
          day: dayKeyInZone(editing.slot.startTime, timeZone) ?? today,
          start: timeOfDayInZone(editing.slot.startTime, timeZone),
          end: timeOfDayInZone(editing.slot.endTime, timeZone),
          price: '',
        }}
        currentPrice={editing.slot.price}
        {...formContext}
        save={(body) => updateOwnSlot(editing.slot.id, body)}
        onSaved={afterSave('updated')}
        onStale={() => {
          close();
          refresh();
        }}
      />
    );

  return null;
}
