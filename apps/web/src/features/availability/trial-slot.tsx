import type { SlotBody } from '@ustaz/contract';
import { TRIAL_MINUTES } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import type { DayKey } from '../../shared/lib/dates/calendar.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { type TimeOfDay, zonedToIso } from './zoned-time.ts';

/** A trial slot (issue 32): TRIAL_MINUTES from its start, at the teacher's trial price (the server sets it). */

type TrialValues = { day: DayKey; start: TimeOfDay };

/** The body of a trial slot starting at the chosen day and time, or the key of the first problem. */
export function trialSlotBody(
  values: TrialValues,
  { timeZone, now }: { timeZone: string; now: Date },
): { body: SlotBody } | { errors: Partial<Record<'day' | 'start', string>> } {
  if (!values.day) return { errors: { day: 'form.errors.required' } };
  if (!values.start) return { errors: { start: 'form.errors.required' } };
  const startTime = zonedToIso(values.day, values.start, timeZone);
  if (!startTime) return { errors: { start: 'form.errors.required' } };
  if (Date.parse(startTime) <= now.getTime()) return { errors: { start: 'fieldErrors.inPast' } };
  const endTime = new Date(Date.parse(startTime) + TRIAL_MINUTES * 60_000).toISOString();
  return { body: { startTime, endTime, kind: 'trial' } };
}

/** "Trial (30 min)" when adding a slot, for a teacher who set a trial price; its price shown beside it. */
export function TrialSlotOption({
  trialPrice,
  checked,
  onChange,
}: {
  trialPrice: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  return (
    <label className="flex items-center gap-2 text-sm font-semibold text-slate-800" data-testid="trial-slot-option">
      <input
        type="checkbox"
        name="kind"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-primary"
      />
      <span>{t('trial.kindTrial', { minutes: TRIAL_MINUTES })}</span>
      <span className="font-normal text-slate-600">{formatKwd(trialPrice, language)}</span>
    </label>
  );
}
