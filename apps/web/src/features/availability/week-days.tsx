import type { OwnSlot } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { type DayKey, formatDay } from '../../shared/lib/dates/calendar.ts';
import { cx } from '../../shared/ui/class-names.ts';
import { SlotCard } from './slot-card.tsx';
import type { OwnSlotDay } from './zoned-time.ts';

type WeekDaysProps = {
  days: OwnSlotDay[];
  today: DayKey;
  timeZone: string;
  now: () => Date;
  /** The slot whose edit form is open. */
  editingSlotId: number | null;
  onEdit: (slot: OwnSlot) => void;
  onDeleted: () => void;
};

/** The week's seven days: columns of the grid on wide screens, a list on phones. */
export function WeekDays({ days, today, timeZone, now, editingSlotId, onEdit, onDeleted }: WeekDaysProps) {
  const { t } = useTranslation('availability');
  const language = useCurrentLanguage();
  return (
    <ol
      className="grid grid-cols-1 divide-y divide-slate-100 rounded-xl border border-slate-200 md:grid-cols-7 md:divide-y-0"
      data-testid="week-days"
    >
      {days.map(({ day, slots: daySlots }) => (
        <li
          key={day}
          className={cx(
            'flex min-w-0 flex-col gap-2 px-2 py-3 sm:px-4 md:border-s md:border-slate-100 md:px-1 md:first:border-s-0',
            day < today && 'bg-slate-50/60',
            day === today && 'md:bg-primary/5',
          )}
          data-testid="week-day"
        >
          <h3
            className="flex items-baseline justify-between gap-2 text-sm font-bold text-slate-900 md:flex-col md:items-start md:gap-0 md:px-1 md:text-xs"
            data-testid="day"
          >
            <span>{formatDay(day, language, { weekday: 'long', day: 'numeric', month: 'long' })}</span>
            {day === today ? <span className="text-xs font-semibold text-primary">{t('today')}</span> : null}
          </h3>
          {daySlots.length === 0 ? (
            <p className="text-sm text-slate-600 md:px-1 md:text-xs">{t('noSlots')}</p>
          ) : (
            <ul className="flex flex-col gap-2 md:gap-1.5">
              {daySlots.map((slot) => (
                <li key={slot.id}>
                  <SlotCard
                    slot={slot}
                    timeZone={timeZone}
                    started={Date.parse(slot.startTime) <= now().getTime()}
                    selected={editingSlotId === slot.id}
                    onEdit={() => onEdit(slot)}
                    onDeleted={onDeleted}
                  />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
