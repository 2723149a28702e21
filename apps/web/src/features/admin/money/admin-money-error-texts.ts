import type { ErrorTexts } from '../../../shared/lib/error-text.ts';
import { ERROR_TEXTS as ADMIN_TEXTS } from '../admin-error-texts.ts';

/** Admin money pages: their own codes; pass the `admin` text as the fallback for the rest. */
const adminMoney = {
  ns: 'admin-money',
  codes: { prefix: 'errors.', known: ['paymentMismatch'] },
} as const satisfies ErrorTexts;

/** The admin money pages' texts of failed calls (their own, then the admin ones), for `errorText`. */
export const ERROR_TEXTS = { admin: ADMIN_TEXTS.admin, adminMoney } as const satisfies Record<string, ErrorTexts>;
