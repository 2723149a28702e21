import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrorCodes } from '../../../shared/lib/api-errors.ts';

/**
 * Puts the codes of a 422 answer under the form's fields (`nameEn: 'alreadyExists'`). Returns
 * whether any field got one; codes for fields the form does not show are left to a toast.
 */
export function applyServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
): boolean {
  const codes: Record<string, string> = {};
  // A list item's error (`featuresEn.2`) belongs under the list's field.
  for (const [key, code] of Object.entries(fieldErrorCodes(error))) codes[key.split(/[.[]/)[0] ?? key] ??= code;
  let applied = false;
  for (const field of fields) {
    const code = codes[field];
    if (!code) continue;
    setError(field, { type: 'server', message: code });
    applied = true;
  }
  return applied;
}

/** The text of a field's error code (from the form's schema or the server) in the viewer's language. */
export function fieldErrorText(code: string | undefined, t: TFunction<'admin'>): string | undefined {
  if (!code) return undefined;
  return t(`errors.${code}`, { defaultValue: t('errors.invalid') });
}
