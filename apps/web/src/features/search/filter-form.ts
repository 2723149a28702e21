import { kwdTextOrNull, toAsciiDigits } from '@ustaz/contract';
import { z } from 'zod';
import type { TeacherSearchFilterInput } from '../../shared/search/search-url.ts';
import { FILTER_FIELDS, type FilterField, parseFilterField, type TeacherFilterValues } from './search-url.ts';

/** The teacher-search filter dialog's fields as typed (text), before they become query values. */
export type FilterFormValues = Record<FilterField, string>;

export const EMPTY_FILTER_FORM: FilterFormValues = {
  minExperience: '',
  maxHourlyRate: '',
  minRating: '',
  availableOn: '',
  sortBy: '',
  sortOrder: 'DESC',
};

/** The message key (in the search namespace) of each field that can be invalid. */
export const FILTER_ERROR_KEYS: Record<FilterField, string> = {
  minExperience: 'filters.errors.experience',
  maxHourlyRate: 'filters.errors.hourlyRate',
  minRating: 'filters.errors.rating',
  availableOn: 'filters.errors.date',
  sortBy: 'filters.errors.sort',
  sortOrder: 'filters.errors.sort',
};

/** A field's text in ASCII digits: the rate by the contract's one amount parser ("1٬5" stays refused), the rest digit by digit. */
function asciiOf(name: FilterField, text: string): string {
  return name === 'maxHourlyRate' ? (kwdTextOrNull(text) ?? text) : toAsciiDigits(text);
}

function field(name: FilterField) {
  return z.string().refine((text) => text.trim() === '' || parseFilterField(name, asciiOf(name, text)) !== undefined, {
    message: FILTER_ERROR_KEYS[name],
  });
}

/** Each field blank, or valid by the contract's rule for its query parameter. */
export const filterFormSchema = z.object(
  Object.fromEntries(FILTER_FIELDS.map((name) => [name, field(name)])) as Record<FilterField, ReturnType<typeof field>>,
);

/** The values a valid form applies; sortOrder only goes with a sortBy. */
export function formToFilterValues(form: FilterFormValues): TeacherFilterValues {
  const values: TeacherFilterValues = {};
  for (const name of FILTER_FIELDS) {
    const value = parseFilterField(name, asciiOf(name, form[name] ?? ''));
    if (value !== undefined) (values as Record<FilterField, unknown>)[name] = value;
  }
  if (!values.sortBy) delete values.sortOrder;
  else values.sortOrder ??= 'DESC';
  return values;
}

/** The form showing some values (the dialog's initial values). */
export function filterValuesToForm(values: TeacherFilterValues): FilterFormValues {
  const form = { ...EMPTY_FILTER_FORM };
  for (const name of FILTER_FIELDS) {
    const value = values[name];
    if (value !== undefined) form[name] = String(value);
  }
  return form;
}

/** The valid form as the dialog hands it on: every field, a cleared one undefined (it removes the filter). */
export function formToFilterInput(form: FilterFormValues): TeacherSearchFilterInput {
  const values = formToFilterValues(form);
  return Object.fromEntries(FILTER_FIELDS.map((name) => [name, values[name]])) as TeacherSearchFilterInput;
}
