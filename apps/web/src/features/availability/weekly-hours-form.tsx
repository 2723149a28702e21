import type { RecurringSlotsBody, RecurringSlotsResponse } from '@ustaz/contract';
import { BOOKING, RECURRING_SLOTS, WEEK_STARTS_ON } from '@ustaz/contract/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { translate } from '../../shared/i18n/translate.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { addDays, type DayKey, formatDay, weekdayOf, weekStartOf } from '../../shared/lib/dates/calendar.ts';
import { timeZoneLongName } from '../../shared/lib/dates/formats.ts';
import { formatKwd, formatNumber } from '../../shared/lib/format.ts';
import { cx } from '../../shared/ui/class-names.ts';
import { TextInput } from '../../shared/ui/text-input.tsx';
import { FormCard } from './form-card.tsx';
import { defaultSlotPrice, slotErrorKeys } from './slot-form.tsx';
import { checkSlotPrice } from './slot-price.ts';
import { useCheckedForm } from './use-checked-form.ts';
import { daysFromTo, minutesBetween } from './zoned-time.ts';

type Field = 'weekdays' | 'start' | 'end' | 'lessonMinutes' | 'fromDate' | 'toDate' | 'price';
type Values = {
  weekdays: number[];
  start: string;
  end: string;
  lessonMinutes: string;
  fromDate: DayKey;
  toDate: DayKey;
  price: string;
};
type Errors = Partial<Record<Field, string>>;

/** The fields of the weekly form the server may name in a 422, as the form's. */
const SERVER_FIELDS: Record<string, Field> = {
  weekdays: 'weekdays',
  startTime: 'start',
  endTime: 'end',
  lessonMinutes: 'lessonMinutes',
  fromDate: 'fromDate',
  toDate: 'toDate',
  price: 'price',
};
/** How many weeks a new series spans unless the teacher changes the last day. */
const DEFAULT_WEEKS = 4;

/** The form's values as the call's body, or the translation key of the first problem per field. */
function toBody(values: Values, today: DayKey): { body: RecurringSlotsBody } | { errors: Errors } {
  const errors: Errors = {};
  const lessonMinutes = Number(values.lessonMinutes);
  const priced = checkSlotPrice(values.price, lessonMinutes > 0 ? lessonMinutes : null);
  const price = priced.ok ? priced.price : null;
  if (values.weekdays.length === 0) errors.weekdays = 'weekly.errors.weekdays';
  if (!values.start) errors.start = 'form.errors.required';
  if (!values.end) errors.end = 'form.errors.required';
  if (!values.fromDate) errors.fromDate = 'form.errors.required';
  if (!values.toDate) errors.toDate = 'form.errors.required';
  if (!priced.ok) errors.price = priced.error;
  const minutes = minutesBetween(values.start, values.end === '00:00' ? '' : values.end);
  if (!errors.start && !errors.end) {
    if (minutes === null || minutes <= 0) errors.end = 'form.errors.endBeforeStart';
    else if (minutes < lessonMinutes) errors.end = 'weekly.errors.shorterThanLesson';
  }
  const span = daysFromTo(values.fromDate, values.toDate);
  if (!errors.fromDate && values.fromDate < today) errors.fromDate = 'fieldErrors.inPast';
  if (!errors.toDate && span !== null && span < 0) errors.toDate = 'weekly.errors.toBeforeFrom';
  if (!errors.toDate && span !== null && span > RECURRING_SLOTS.maxRangeDays)
    errors.toDate = 'fieldErrors.rangeTooLong';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      weekdays: [...values.weekdays].sort(),
      startTime: values.start,
      endTime: values.end,
      lessonMinutes: lessonMinutes as RecurringSlotsBody['lessonMinutes'],
      fromDate: values.fromDate,
      toDate: values.toDate,
      ...(price ? { price } : {}),
    },
  };
}

/**
 * Weekly hours: the weekdays (in the page language's week order), a daily window cut into lessons
 * of one length, the days the series runs (up to 12 weeks) and an optional price (Arabic-Indic
 * digits accepted). Times are the teacher's zone's; the server skips what overlaps or has passed.
 */
export function WeeklyHoursForm({
  today,
  timeZone,
  hourlyRate,
  save,
  onCreated,
  onCancel,
}: {
  /** Today in the teacher's zone: the earliest first day. */
  today: DayKey;
  timeZone: string;
  hourlyRate: string | null;
  save: (body: RecurringSlotsBody) => Promise<RecurringSlotsResponse>;
  onCreated: (result: RecurringSlotsResponse, fromDate: DayKey) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('availability');
  const language = useCurrentLanguage();
  /** The zone's name as it is today (a zone with summer time has two). */
  const zoneName = timeZoneLongName(timeZone, language, new Date(`${today}T12:00:00.000Z`));
  const formId = useId();
  const { values, errors, general, submitting, set, bind, submit } = useCheckedForm({
    initial: {
      weekdays: [],
      start: '',
      end: '',
      lessonMinutes: '60',
      fromDate: today,
      toDate: addDays(today, 7 * DEFAULT_WEEKS - 1),
      price: '',
    } as Values,
    check: (current: Values) => toBody(current, today),
    save,
    refusal: (error) => slotErrorKeys(error, SERVER_FIELDS),
    onSaved: (result, body) => onCreated(result, body.fromDate),
  });
  const week = weekStartOf(today, WEEK_STARTS_ON[language]);
  const days = Array.from({ length: 7 }, (_, index) => addDays(week, index));
  const defaultPrice = defaultSlotPrice(hourlyRate, Number(values.lessonMinutes));

  function toggle(weekday: number) {
    const on = values.weekdays.includes(weekday);
    set('weekdays', on ? values.weekdays.filter((day) => day !== weekday) : [...values.weekdays, weekday]);
  }

  const error = (field: Field) => {
    const key = errors[field];
    if (!key) return undefined;
    return translate(t, key, {
      weeks: formatNumber(RECURRING_SLOTS.maxRangeDays / 7, language),
      max: formatKwd(BOOKING.maxPricePerHourKwd, language),
      min: formatKwd(BOOKING.minPricePerHourKwd, language),
    });
  };
  const field = (name: Exclude<Field, 'weekdays'>) => bind(name, error(name));
  const weekdaysError = error('weekdays');
  const lengthId = `${formId}-length`;

  return (
    <FormCard
      title={t('weekly.title')}
      intro={t('weekly.help', { zone: `\u2068${zoneName}\u2069` })}
      general={general ? translate(t, general) : null}
      submitLabel={t('weekly.submit')}
      cancelLabel={t('form.cancel')}
      submitting={submitting}
      onSubmit={submit}
      onCancel={onCancel}
      testId="weekly-form"
    >
      <fieldset className="flex flex-col gap-2" aria-describedby={weekdaysError ? `${formId}-days-error` : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-700">{t('weekly.weekdays')}</legend>
        <div className="grid grid-cols-4 gap-2 sm:grid-cols-7">
          {days.map((day) => {
            const weekday = weekdayOf(day);
            const on = values.weekdays.includes(weekday);
            return (
              <button
                key={weekday}
                type="button"
                aria-pressed={on}
                aria-label={formatDay(day, language, { weekday: 'long' })}
                onClick={() => toggle(weekday)}
                className={cx(
                  'min-h-11 rounded-lg border px-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
                  on
                    ? 'border-primary bg-primary text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:border-primary/60',
                )}
                data-testid="weekday-toggle"
              >
                {formatDay(day, language, { weekday: 'short' })}
              </button>
            );
          })}
        </div>
        {weekdaysError ? (
          <p id={`${formId}-days-error`} className="text-sm text-red-700">
            {weekdaysError}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextInput label={t('weekly.from')} type="time" required step={300} {...field('start')} />
        <TextInput label={t('weekly.to')} type="time" required step={300} {...field('end')} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={lengthId} className="text-sm font-medium text-slate-700">
            {t('weekly.length')}
          </label>
          <select
            id={lengthId}
            name="lessonMinutes"
            value={values.lessonMinutes}
            onChange={(event) => set('lessonMinutes', event.target.value)}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-primary"
          >
            {RECURRING_SLOTS.lessonMinutes.map((minutes) => (
              <option key={minutes} value={String(minutes)}>
                {t('weekly.minutes', { count: minutes, minutes: formatNumber(minutes, language) })}
              </option>
            ))}
          </select>
        </div>
        <TextInput label={t('weekly.fromDate')} type="date" required min={today} {...field('fromDate')} />
        <TextInput
          label={t('weekly.toDate')}
          type="date"
          required
          min={values.fromDate || today}
          max={values.fromDate ? addDays(values.fromDate, RECURRING_SLOTS.maxRangeDays) : undefined}
          {...field('toDate')}
          helperText={t('weekly.rangeHelp', { weeks: formatNumber(RECURRING_SLOTS.maxRangeDays / 7, language) })}
        />
        <TextInput
          label={t('form.price')}
          inputMode="decimal"
          autoComplete="off"
          maxLength={11}
          placeholder={defaultPrice !== null ? (formatKwd(defaultPrice, language) ?? '') : t('form.defaultPriceRule')}
          {...field('price')}
          helperText={
            hourlyRate !== null
              ? t('weekly.priceHelpRate', { rate: formatKwd(hourlyRate, language) })
              : t('weekly.priceHelp')
          }
        />
      </div>
    </FormCard>
  );
}
