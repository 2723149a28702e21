import type { ErrorTexts } from '../../shared/lib/error-text.ts';

/** Sign-in and account screens: a wait, the network, a known code, the server's refusal, the screen's fallback. */
const auth = {
  ns: 'auth',
  // emailNotConfirmed: also the 403 code of applying to teach unconfirmed; sign-in gets it as a field code.
  codes: { prefix: 'errors.', known: ['tooManyRequests', 'registrationDisabled', 'emailNotConfirmed'] },
  tooManyRequests: { text: 'errors.tooManyRequests', wait: 'errors.tooManyRequestsWait' },
  network: 'errors.network',
  serverMessage: 'refusals',
} as const satisfies ErrorTexts;

/** Field codes of the auth forms (`fieldErrors.<code>`). */
const authFields = {
  ns: 'auth',
  fields: {
    prefix: 'fieldErrors.',
    known: [
      'notFound',
      'incorrectPassword',
      'emailNotConfirmed',
      'accountSuspended',
      'emailAlreadyExists',
      'invalidHash',
      'hashExpired',
      'readOnly',
      'required',
      'invalid',
      'tooShort',
      'tooLong',
      'invalidCharacters',
    ],
  },
} as const satisfies ErrorTexts;

/** The sign-in and account screens' texts of failed calls, for `errorText` (shared/lib/error-text.ts). */
export const ERROR_TEXTS = { auth, authFields } as const satisfies Record<string, ErrorTexts>;
