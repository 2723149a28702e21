import { readKwdFils } from '@ustaz/contract/kwd';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatTimeRange, formatWeekdayDate } from '../../shared/lib/dates/formats.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { CalendarX2 } from '../../shared/ui/icons.tsx';

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

/**
 * "Same price", "You pay X KWD more (hours first, then your wallet)", "X KWD goes back to where you
 * paid from"; to the teacher proposing the time, what the student pays or gets back on accepting.
 */
export function PriceDifference({
  lessonPrice,
  newPrice,
  viewer = 'student',
}: {
  lessonPrice: string;
  newPrice: string;
  viewer?: 'student' | 'teacher';
}) {
  const { t } = useTranslation('reschedule');
  const language = useCurrentLanguage();
  const { kind, fils } = priceDifference(lessonPrice, newPrice);
  const key = viewer === 'teacher' ? ({ more: 'price.studentPays', less: 'price.studentGetsBack' } as const) : null;
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
      {kind === 'same' ? t('price.same') : t(key ? key[kind] : `price.${kind}`, { amount })}
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

/** What a slot picker needs of its query: whether it is still loading, failed, and how to read it again. */
type SlotsQuery = { isPending: boolean; isError: boolean; refetch: () => unknown };

/**
 * The open times a lesson can move to, in a move or proposal dialog: loading, the load failure
 * with a retry, `empty` when there is none, else `pick` over the times grouped by day.
 */
export function SlotPicker({
  query,
  slots,
  timeZone,
  selected,
  onSelect,
  pick,
  empty,
}: {
  query: SlotsQuery;
  slots: MoveSlot[];
  timeZone: string;
  selected: number | null;
  onSelect: (slot: MoveSlot) => void;
  pick: string;
  empty: ReactNode;
}) {
  const { t } = useTranslation('reschedule');
  const name = useId();
  if (query.isPending) {
    return (
      <p className="text-sm text-slate-600" aria-busy="true" data-testid="move-loading">
        {t('move.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <Alert title={t('move.loadError')}>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          {t('retry', { ns: 'common' })}
        </Button>
      </Alert>
    );
  }
  if (slots.length === 0) {
    return (
      <div className="flex items-start gap-2 text-sm text-slate-600" data-testid="move-empty">
        <CalendarX2 aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
        <div className="flex min-w-0 flex-col gap-1">{empty}</div>
      </div>
    );
  }
  return (
    <>
      <p className="text-sm font-semibold text-slate-800">{pick}</p>
      <SlotChoices slots={slots} timeZone={timeZone} selected={selected} onSelect={onSelect} name={name} />
    </>
  );
}
