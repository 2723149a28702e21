import { FieldValidationError } from '../../http/errors.ts';

const DAY_MS = 24 * 3600_000;
const BARE_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A time window: `from` inclusive, `before` exclusive; either may be open. */
export type DateBounds = { from?: Date; before?: Date };

function instant(value: string, field: 'from' | 'to'): Date {
  const date = new Date(BARE_DAY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) throw new FieldValidationError({ [field]: 'invalid' });
  return date;
}

/**
 * The `from` / `to` filters of the admin lists (contract `dateQuery`: a calendar day or an
 * instant). A bare day is that day in UTC: `from` starts at its beginning and `to` includes the
 * whole day, so from=to=one day lists that day. An instant `to` is the exclusive end.
 */
export function dateBounds(range: { from?: string | undefined; to?: string | undefined }): DateBounds {
  const bounds: DateBounds = {};
  if (range.from) bounds.from = instant(range.from, 'from');
  if (range.to) {
    const end = instant(range.to, 'to');
    bounds.before = BARE_DAY.test(range.to) ? new Date(end.getTime() + DAY_MS) : end;
  }
  return bounds;
}
