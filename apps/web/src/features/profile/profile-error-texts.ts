import type { ErrorTexts } from '../../shared/lib/error-text.ts';

/** The profile's own account (password change, deletion): a wait, the network, a known code, a fallback. */
const profileAccount = {
  ns: 'profile',
  codes: { prefix: 'delete.', known: ['hasUpcomingReservations'] },
  tooManyRequests: { text: 'security.errors.tooManyRequests', wait: 'security.errors.tooManyRequestsWait' },
  network: 'edit.network',
  fallback: 'delete.failed',
} as const satisfies ErrorTexts;

/** The password fields of the profile's account part (`security.errors.<code>`). */
const profileSecurityFields = {
  ns: 'profile',
  fields: { prefix: 'security.errors.', known: ['incorrectPassword', 'required', 'tooShort', 'tooLong', 'invalid'] },
} as const satisfies ErrorTexts;

/** Saving the profile form: the network, the server's words, else "unexpected". */
const profileEdit = {
  ns: 'profile',
  network: 'edit.network',
  serverMessage: 'any',
  fallback: 'edit.unexpected',
} as const satisfies ErrorTexts;

/** The profile form's fields (`serverErrors.<code>`). */
const profileFields = {
  ns: 'profile',
  fields: {
    prefix: 'serverErrors.',
    known: ['required', 'invalid', 'readOnly', 'tooShort', 'tooLong', 'notArabicScript', 'notLatinScript'],
  },
} as const satisfies ErrorTexts;

/** Saving the teacher's editor: the network, a refusal, else "unexpected" (field codes go under the fields). */
const teacherProfile = {
  ns: 'profile',
  codes: { prefix: 'teaching.errors.', known: ['forbidden', 'notFound'] },
  network: 'edit.network',
  fallback: 'edit.unexpected',
} as const satisfies ErrorTexts;

/** Turning on notifications on this device: an endpoint another account holds, else "could not". */
const pushDevice = {
  ns: 'profile',
  codes: { prefix: 'push.errors.', known: ['endpointTaken'] },
  fallback: 'push.failed',
} as const satisfies ErrorTexts;

/** The profile's texts of failed calls (account part and profile form), for `errorText` (shared/lib/error-text.ts). */
export const ERROR_TEXTS = {
  profileAccount,
  profileSecurityFields,
  profileEdit,
  profileFields,
  teacherProfile,
  pushDevice,
} as const satisfies Record<string, ErrorTexts>;
