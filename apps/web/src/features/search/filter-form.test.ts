import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTER_FORM,
  filterFormSchema,
  filterValuesToForm,
  formToFilterInput,
  formToFilterValues,
} from './filter-form.ts';

const form = (values: Partial<typeof EMPTY_FILTER_FORM>) => ({ ...EMPTY_FILTER_FORM, ...values });

function errorPaths(values: Partial<typeof EMPTY_FILTER_FORM>) {
  const result = filterFormSchema.safeParse(form(values));
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe('filter form', () => {
  it('accepts blank fields and valid numbers', () => {
    expect(errorPaths({})).toEqual({});
    expect(
      errorPaths({ minExperience: '5', maxHourlyRate: '12.500', minRating: '4', availableOn: '2026-06-01' }),
    ).toEqual({});
  });

  it('gives a message key for each bad number', () => {
    expect(errorPaths({ minExperience: '2.5', maxHourlyRate: 'cheap', minRating: '7' })).toEqual({
      minExperience: 'filters.errors.experience',
      maxHourlyRate: 'filters.errors.hourlyRate',
      minRating: 'filters.errors.rating',
    });
    expect(errorPaths({ minExperience: '-1', maxHourlyRate: '100001' })).toEqual({
      minExperience: 'filters.errors.experience',
      maxHourlyRate: 'filters.errors.hourlyRate',
    });
  });

  it('reads Arabic-Indic digits and the Arabic decimal separator', () => {
    expect(formToFilterValues(form({ minExperience: '٣', maxHourlyRate: '١٢٫٥' }))).toEqual({
      minExperience: 3,
      maxHourlyRate: 12.5,
    });
  });

  it('drops sortOrder without sortBy and defaults it to DESC with one', () => {
    expect(formToFilterValues(form({ sortOrder: 'ASC' }))).toEqual({});
    expect(formToFilterValues(form({ sortBy: 'hourlyRate', sortOrder: '' }))).toEqual({
      sortBy: 'hourlyRate',
      sortOrder: 'DESC',
    });
  });

  it('hands on every field, cleared ones undefined (so they are removed from the address)', () => {
    const input = formToFilterInput(form({ minRating: '3' }));
    expect(Object.keys(input).sort()).toEqual(
      ['availableOn', 'maxHourlyRate', 'minExperience', 'minRating', 'sortBy', 'sortOrder'].sort(),
    );
    expect(input).toMatchObject({ minRating: 3, minExperience: undefined, sortBy: undefined });
  });

  it('shows initial values as text', () => {
    expect(filterValuesToForm({ minRating: 4.5, sortBy: 'experience', sortOrder: 'ASC' })).toEqual(
      form({ minRating: '4.5', sortBy: 'experience', sortOrder: 'ASC' }),
    );
  });
});
