import { ApiRequestError } from '../../shared/http/client.ts';
import { errorCode, fieldErrorCodes, isNetworkError } from '../../shared/lib/api-errors.ts';

/** The fields of the slot form the server may name in a 422. */
export type SlotField = 'startTime' | 'endTime' | 'price';

/** Field codes the availability namespace translates (`fieldErrors.<code>`); others read as "invalid". */
const KNOWN_FIELD_CODES = ['inPast', 'required', 'invalid', 'invalidType', 'tooSmall', 'tooBig', 'tooShort', 'tooLong'];

export type SlotErrorKeys = {
  /** A message for the whole form (availability namespace key, or `common:` for the shared ones). */
  general: string | null;
  /** A message per field (availability namespace keys). */
  fields: Partial<Record<SlotField, string>>;
  /** The slot changed meanwhile (booked, held, gone): the list should be reloaded. */
  stale: boolean;
  /** The server was not reached or failed itself: trying again may work. */
  transient: boolean;
};

/**
 * The translation keys for a failed slot call: 409 slotOverlap and slotNotEditable, 422 field
 * codes (`startTime: 'inPast'`), 404, 403, network and anything else.
 */
export function slotErrorKeys(error: unknown): SlotErrorKeys {
  const code = errorCode(error);
  const status = error instanceof ApiRequestError ? error.status : null;
  if (code === 'slotOverlap') return { general: 'errors.slotOverlap', fields: {}, stale: false, transient: false };
  if (code === 'slotNotEditable') {
    return { general: 'errors.slotNotEditable', fields: {}, stale: true, transient: false };
  }
  if (status === 422) {
    const fields: Partial<Record<SlotField, string>> = {};
    let other = false;
    for (const [field, fieldCode] of Object.entries(fieldErrorCodes(error))) {
      const key =
        field === 'price' && fieldCode === 'tooBig'
          ? 'form.errors.pricePerHour'
          : `fieldErrors.${KNOWN_FIELD_CODES.includes(fieldCode) ? fieldCode : 'invalid'}`;
      if (field === 'startTime' || field === 'endTime' || field === 'price') fields[field] = key;
      else other = true;
    }
    const general = other || Object.keys(fields).length === 0 ? 'errors.invalid' : null;
    return { general, fields, stale: false, transient: false };
  }
  if (status === 404) return { general: 'errors.notFound', fields: {}, stale: true, transient: false };
  if (status === 403) return { general: 'errors.forbidden', fields: {}, stale: false, transient: false };
  if (isNetworkError(error)) return { general: 'common:errors.network', fields: {}, stale: false, transient: true };
  return { general: 'common:errors.generic', fields: {}, stale: false, transient: true };
}
