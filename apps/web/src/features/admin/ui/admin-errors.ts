import type { TFunction } from 'i18next';
import { errorCode, fieldErrorCodes, isNetworkError } from '../../../shared/lib/api-errors.ts';

/**
 * The text of a failed admin call in the viewer's language: the first field code (422), else
 * the error code (409 versionConflict, 403), else a network or generic message. Codes the admin
 * namespace knows are under `errors.<code>`.
 */
export function adminErrorText(error: unknown, t: TFunction<'admin'>): string {
  if (isNetworkError(error)) return t('errors.network');
  const fields = fieldErrorCodes(error);
  const first = Object.entries(fields)[0];
  if (first) {
    const [field, code] = first;
    return t(`errors.${code}`, { defaultValue: t('errors.invalidField', { field }) });
  }
  const code = errorCode(error);
  if (code) return t(`errors.${code}`, { defaultValue: t('errors.generic') });
  return t('errors.generic');
}
