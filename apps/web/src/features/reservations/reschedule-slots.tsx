import { readKwdFils } from '@ustaz/contract/kwd';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatTimeRange, formatWeekdayDate } from '../../shared/lib/dates/formats.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { cx } from '../../shared/ui/class-names.ts';

/** A slot a lesson can move to: its id, times and price. */
export type MoveSlot = { id: number; startTime: string; endTime: string; price: string };

/** The new price against the lesson's: the same, dearer (what more) or cheaper (what back), in fils. */
export function priceDifference(
  lessonPrice: string,
  newPrice: string,
): { kind: 'same' | 'more' | 'less'; fils: number } {
  const diff = (readKwdFils(newPrice) ?? 0) - (readKwdFils(lessonPrice) ?? 0);
  if (diff === 0) return { kind: 'same', fils: 0 };
  return diff > 0 ? { kind: 'more', fils: diff } : { kind: 'less', fils: -diff };
}

/** "Same price", "You pay X KWD more (hours first, then your wallet)", "X KWD goes back to where you paid from". */
export function PriceDifference({ lessonPrice, newPrice }: { lessonPrice: string; newPrice: string }) {
  const { t } = useTranslation('reschedule');
  const language = useCurrentLanguage();
  const { kind, fils } = priceDifference(lessonPrice, newPrice);
  const amount = formatKwd(fils / 1000, language) ?? '';
  return (
    <p
      className={cx(
        'rounded-lg px-3 py-2 text-sm font-semibold',
        kind === 'more'
          ? 'bg-amber-50 text-amber-900'
          : kind === 'less'
            ? 'bg-emerald-50 text-emerald-900'
            : 'bg-slate-50 text-slate-700',
      )}
      data-testid="price-difference"
    >
      {kind === 'same' ? t('price.same') : t(`price.${kind}`, { amount })}
    </p>
  );
}

/** The open slots grouped by day in the viewer's zone, one radio each (time and price). */
export function SlotChoices({
  slots,
  timeZone,
  selected,
  onSelect,
  name,
}: {
  slots: MoveSlot[];
  timeZone: string;
  selected: number | null;
  onSelect: (slot: MoveSlot) => void;
  name: string;
}) {
  const language = useCurrentLanguage();
  const days = new Map<string, MoveSlot[]>();
  for (const slot of slots) {
    const day = formatWeekdayDate(slot.startTime, language, timeZone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return (
    <div className="flex max-h-[45vh] flex-col gap-3 overflow-y-auto" data-testid="move-slots">
      {[...days].map(([day, daySlots]) => (
        <fieldset key={day} className="flex flex-col gap-1.5">
          <legend className="mb-1 text-sm font-bold text-slate-800">{day}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {daySlots.map((slot) => (
              <label
                key={slot.id}
                className={cx(
                  'flex min-h-11 cursor-pointer items-center justify-between gap-2 rounded-xl border px-3 py-2 text-sm',
                  selected === slot.id ? 'border-primary bg-primary/5 ring-1 ring-primary' : 'border-slate-200',
                )}
              >
                <span className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={name}
                    value={slot.id}
                    checked={selected === slot.id}
                    onChange={() => onSelect(slot)}
                    className="size-4 accent-primary"
                  />
                  <span>{formatTimeRange(slot.startTime, slot.endTime, language, timeZone)}</span>
                </span>
                <span className="text-slate-600">{formatKwd(slot.price, language)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
