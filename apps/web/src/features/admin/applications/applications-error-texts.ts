import type { ErrorTexts } from '../../../shared/lib/error-text.ts';

/** Deciding an application: its own refusals (admin namespace), else the admin's texts. */
const adminApplications = {
  ns: 'admin',
  codes: { prefix: 'applications.errors.', known: ['applicationNotPending', 'notFound'] },
  fallback: 'errors.generic',
} as const satisfies ErrorTexts;

/** The applications page's texts of failed calls, for `errorText` (shared/lib/error-text.ts). */
export const ERROR_TEXTS = { adminApplications } as const satisfies Record<string, ErrorTexts>;
