import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrorCodes } from './error-text.ts';

/**
 * Which form field a server field belongs to: a list of the form's fields (a list item's error,
 * `featuresEn.2`, goes under its list `featuresEn`), or a function (null: the form does not show it).
 */
export type ServerFieldsOf<Field extends string> = readonly Field[] | ((serverField: string) => Field | null);

/**
 * The codes of a 422 answer under the form's fields, the first code of each field; in the order
 * of `fields` when it is a list, else in the server's. Codes of fields the form does not show are left out.
 */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  fields: ServerFieldsOf<Field>,
): [Field, string][] {
  const codes = new Map<Field, string>();
  for (const [key, code] of Object.entries(fieldErrorCodes(error))) {
    const field =
      typeof fields === 'function' ? fields(key) : (fields.find((name) => name === key.split(/[.[]/)[0]) ?? null);
    if (field !== null && !codes.has(field)) codes.set(field, code);
  }
  if (typeof fields === 'function') return [...codes];
  return fields.flatMap((field): [Field, string][] => {
    const code = codes.get(field);
    return code === undefined ? [] : [[field, code]];
  });
}

/**
 * Puts the codes of a 422 answer under a react-hook-form form's fields, as `message(code)` (the
 * code itself by default), focusing the first when `focus` is set. Returns whether any field got
 * one; codes for fields the form does not show are left to the caller (a banner, a toast).
 */
export function applyServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: ServerFieldsOf<Path<Values>>,
  { message = (code: string) => code, focus = false }: { message?: (code: string) => string; focus?: boolean } = {},
): boolean {
  const errors = serverFieldErrors(error, fields);
  errors.forEach(([field, code], index) => {
    if (focus) setError(field, { type: 'server', message: message(code) }, { shouldFocus: index === 0 });
    else setError(field, { type: 'server', message: message(code) });
  });
  return errors.length > 0;
}
