import type { OwnSlot, SlotBody } from '@ustaz/contract';
import { BOOKING } from '@ustaz/contract/constants';
import { defaultSlotPriceFils, filsToNumber, readKwdFils } from '@ustaz/contract/kwd';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../shared/http/client.ts';
import { translate } from '../../shared/i18n/translate.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { addDays, type DayKey } from '../../shared/lib/dates/calendar.ts';
import { errorCode, fieldErrorCodes, fieldErrorKey, isNetworkError } from '../../shared/lib/error-text.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { serverFieldErrors } from '../../shared/lib/server-field-errors.ts';
import { TextInput } from '../../shared/ui/text-input.tsx';
import { ERROR_TEXTS } from './availability-error-texts.ts';
import { FormCard } from './form-card.tsx';
import { checkSlotPrice } from './slot-price.ts';
import { TrialSlotOption, trialSlotBody } from './trial-slot.tsx';
import { useCheckedForm } from './use-checked-form.ts';
import { minutesBetween, type TimeOfDay, zonedToIso } from './zoned-time.ts';

export type SlotFormValues = {
  day: DayKey;
  start: TimeOfDay;
  end: TimeOfDay;
  price: string;
  /** 'trial' (issue 32): TRIAL_MINUTES from the start at the trial price; end and price are not asked. */
  kind?: 'lesson' | 'trial';
};

type FormField = 'day' | 'start' | 'end' | 'price';
const TIME_FIELDS = ['start', 'end'] as const;

/** A price's refusal by the server, as the form words it: per hour of the time's length (BOOKING's bounds). */
const PRICE_KEYS: Record<string, string> = {
  tooBig: 'form.errors.pricePerHour',
  tooSmall: 'form.errors.priceTooSmall',
};

/** The fields of the slot form the server may name in a 422, as the form's. */
const SERVER_FIELDS: Record<string, FormField> = { startTime: 'start', endTime: 'end', price: 'price' };

/** The form field a server field of a 422 is shown under, from a table of them; null for others. */
export function serverFieldOf<Field extends string>(fields: Record<string, Field>) {
  return (field: string): Field | null => {
    // A list item's error (`weekdays.0`) goes under its list.
    const name = field.split(/[.[]/)[0] ?? field;
    return Object.hasOwn(fields, name) ? (fields[name] ?? null) : null;
  };
}

export type SlotErrorKeys<Field extends string = FormField> = {
  /** A message for the whole form (availability namespace key, or `common:` for the shared ones). */
  general: string | null;
  /** A message per field (availability namespace keys). */
  fields: Partial<Record<Field, string>>;
  /** The slot changed meanwhile (booked, held, gone): the list should be reloaded. */
  stale: boolean;
  /** The server was not reached or failed itself: trying again may work. */
  transient: boolean;
};

/**
 * The translation keys for a failed slot call: 409 slotOverlap and slotNotEditable, 422 field
 * codes (`startTime: 'inPast'`), 404, 403, network and anything else.
 */
export function slotErrorKeys<Field extends string = FormField>(
  error: unknown,
  fieldTable: Record<string, Field> = SERVER_FIELDS as Record<string, Field>,
): SlotErrorKeys<Field> {
  const serverField = serverFieldOf(fieldTable);
  const code = errorCode(error);
  const status = error instanceof ApiRequestError ? error.status : null;
  if (code === 'slotOverlap') return { general: 'errors.slotOverlap', fields: {}, stale: false, transient: false };
  if (code === 'trialNotOffered') {
    return { general: 'common:trial.trialNotOffered', fields: {}, stale: false, transient: false };
  }
  if (code === 'slotNotEditable') {
    return { general: 'errors.slotNotEditable', fields: {}, stale: true, transient: false };
  }
  if (status === 422) {
    const fieldKey = fieldErrorKey(ERROR_TEXTS.availability);
    const fields: Partial<Record<Field, string>> = {};
    for (const [field, fieldCode] of serverFieldErrors(error, serverField)) {
      fields[field] = field === 'price' && fieldCode in PRICE_KEYS ? PRICE_KEYS[fieldCode] : fieldKey(fieldCode);
    }
    const other = Object.keys(fieldErrorCodes(error)).some((field) => serverField(field) === null);
    const general = other || Object.keys(fields).length === 0 ? 'errors.invalid' : null;
    return { general, fields, stale: false, transient: false };
  }
  if (status === 404) return { general: 'errors.notFound', fields: {}, stale: true, transient: false };
  if (status === 403) return { general: 'errors.forbidden', fields: {}, stale: false, transient: false };
  if (isNetworkError(error)) return { general: 'common:errors.network', fields: {}, stale: false, transient: true };
  return { general: 'common:errors.generic', fields: {}, stale: false, transient: true };
}

/** The price the server gives a slot without one: the hourly rate times the length, to the fils. */
export function defaultSlotPrice(hourlyRate: string | null, minutes: number | null): number | null {
  const rateFils = readKwdFils(hourlyRate);
  if (rateFils === null || minutes === null || minutes <= 0) return null;
  // As the server computes it (the contract's function): the rate times the length, to the fils, never below the minimum.
  return filsToNumber(defaultSlotPriceFils(rateFils, minutes));
}

/** The form's values as the call's body, or the translation key of the first problem per field. */
function toBody(
  values: SlotFormValues,
  { timeZone, now, priceRequired }: { timeZone: string; now: Date; priceRequired: boolean },
): { body: SlotBody } | { errors: Partial<Record<FormField, string>> } {
  if (values.kind === 'trial') return trialSlotBody(values, { timeZone, now });
  const errors: Partial<Record<FormField, string>> = {};
  if (!values.day) errors.day = 'form.errors.required';
  if (!values.start) errors.start = 'form.errors.required';
  if (!values.end) errors.end = 'form.errors.required';
  const minutes = minutesBetween(values.start, values.end);
  const priced = checkSlotPrice(values.price, minutes !== null && minutes > 0 ? minutes : null);
  const price = priced.ok ? priced.price : null;
  if (!priced.ok) errors.price = priced.error;
  else if (price === null && priceRequired) errors.price = 'form.errors.required';
  if (Object.keys(errors).length > 0) return { errors };

  const startTime = zonedToIso(values.day, values.start, timeZone);
  // An end of 00:00 is the midnight that closes the day.
  const endDay = values.end === '00:00' ? addDays(values.day, 1) : values.day;
  const endTime = zonedToIso(endDay, values.end, timeZone);
  if (minutes === null || !startTime || !endTime) return { errors: { start: 'form.errors.required' } };
  if (minutes <= 0) return { errors: { end: 'form.errors.endBeforeStart' } };
  if (minutes < BOOKING.minSlotMinutes) return { errors: { end: 'form.errors.tooShort' } };
  if (minutes > BOOKING.maxSlotMinutes) return { errors: { end: 'form.errors.tooLong' } };
  if (Date.parse(startTime) <= now.getTime()) return { errors: { start: 'fieldErrors.inPast' } };
  return { body: { startTime, endTime, ...(price ? { price } : {}) } };
}

/**
 * Add or edit one slot: day, start and end time (wall clock of the viewer's zone) and an optional
 * price whose placeholder is the default the server would use (hourly rate times the length).
 * Checks what it can before sending; the server's refusals (overlap, not editable, in the past,
 * field codes) are shown translated.
 */
export function SlotForm({
  title,
  submitLabel,
  initial,
  minDay,
  timeZone,
  now,
  hourlyRate,
  trialPrice = null,
  currentPrice,
  save,
  onSaved,
  onCancel,
  onStale,
}: {
  title: string;
  submitLabel: string;
  initial: SlotFormValues;
  /** The earliest day offered (today in the viewer's zone). */
  minDay: DayKey;
  timeZone: string;
  now: () => Date;
  hourlyRate: string | null;
  /** The teacher's trial price (adding only): offers "Trial (30 min)" when set. */
  trialPrice?: string | null;
  /** Set when editing: an empty price keeps this one. */
  currentPrice?: string;
  save: (body: SlotBody) => Promise<OwnSlot>;
  onSaved: (slot: OwnSlot) => void;
  onCancel: () => void;
  /** The slot changed on the server meanwhile: the list should be reloaded. */
  onStale: () => void;
}) {
  const { t } = useTranslation('availability');
  const language = useCurrentLanguage();
  const { values, errors, general, submitting, bind, set, submit } = useCheckedForm({
    initial,
    check: (current: SlotFormValues) => toBody(current, { timeZone, now: now(), priceRequired: false }),
    save,
    refusal: (error) => slotErrorKeys<FormField>(error),
    onSaved,
    onStale,
  });

  const minutes = minutesBetween(values.start, values.end);
  const defaultPrice = defaultSlotPrice(hourlyRate, minutes);
  const editing = currentPrice !== undefined;
  const pricePlaceholder = editing
    ? (formatKwd(currentPrice, language) ?? '')
    : defaultPrice !== null
      ? (formatKwd(defaultPrice, language) ?? t('form.defaultPriceRule'))
      : t('form.defaultPriceRule');
  const priceHelp = editing
    ? t('form.priceKeepHelp')
    : hourlyRate !== null
      ? t('form.priceHelpRate', { rate: formatKwd(hourlyRate, language) })
      : t('form.priceHelp');

  const error = (field: FormField) => {
    const key = errors[field];
    if (!key) return undefined;
    return translate(t, key, {
      minutes: BOOKING.minSlotMinutes,
      hours: BOOKING.maxSlotMinutes / 60,
      max: formatKwd(BOOKING.maxPricePerHourKwd, language),
      min: formatKwd(BOOKING.minPricePerHourKwd, language),
    });
  };
  const field = (name: FormField) => bind(name, error(name));
  const trial = values.kind === 'trial';

  return (
    <FormCard
      title={title}
      general={general ? translate(t, general) : null}
      submitLabel={submitLabel}
      cancelLabel={t('form.cancel')}
      submitting={submitting}
      onSubmit={submit}
      onCancel={onCancel}
      testId="slot-form"
    >
      {trialPrice ? (
        <TrialSlotOption
          trialPrice={trialPrice}
          checked={trial}
          onChange={(checked) => set('kind', checked ? 'trial' : 'lesson')}
        />
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextInput label={t('form.date')} type="date" required min={minDay} {...field('day')} />
        {(trial ? (['start'] as const) : TIME_FIELDS).map((name) => (
          <TextInput key={name} label={t(`form.${name}`)} type="time" required step={300} {...field(name)} />
        ))}
        {trial ? null : (
          <TextInput
            label={t('form.price')}
            inputMode="decimal"
            autoComplete="off"
            maxLength={11}
            placeholder={pricePlaceholder}
            {...field('price')}
            helperText={priceHelp}
          />
        )}
      </div>
    </FormCard>
  );
}
