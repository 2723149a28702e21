import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { recentLoginFailures, recordLoginFailure, signedInFromRecently } from './auth.repo.ts';
import { verifyPassword } from './passwords.ts';

export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_MAX_DELAY_SECONDS = 60;
/**
 * A looser cap per account over every address together: past it, only an address the owner
 * signed in from within `KNOWN_ADDRESS_MS` skips the account-wide delay.
 */
export const LOGIN_ACCOUNT_FREE_FAILURES = 50;
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

/** Seconds to wait; `accountWide`: the wait is the account-wide one (a mailed sign-in link gets in without it). */
export type LoginWait = { wait: number; accountWide: boolean };

/** Seconds a caller must still wait after `failures` recent failures, the last at `last`. */
export function loginDelaySeconds(
  failures: number,
  last: Date | null,
  now = Date.now(),
  freeFailures = LOGIN_FREE_FAILURES,
): number {
  if (failures < freeFailures || !last) return 0;
  const delay = Math.min(LOGIN_MAX_DELAY_SECONDS, 2 ** (failures - freeFailures + 1));
  const waited = (now - last.getTime()) / 1000;
  return Math.max(0, Math.ceil(delay - waited));
}

/**
 * Seconds this address must wait before trying this account again: the growing delay after 5
 * failures of this account from this address, and the looser account-wide one (every address
 * together), which an address the owner signed in from recently does not wait for.
 */
export async function loginWait(db: Db, email: string, ip: string, user: UserRow | undefined): Promise<LoginWait> {
  const recent = await recentLoginFailures(db, email, ip, LOGIN_FAILURE_WINDOW_MS);
  const fromAddress = loginDelaySeconds(recent.fromAddress, recent.lastFromAddress);
  if (fromAddress > 0) return { wait: fromAddress, accountWide: false };
  const accountWide = loginDelaySeconds(recent.all, recent.last, Date.now(), LOGIN_ACCOUNT_FREE_FAILURES);
  if (accountWide === 0) return { wait: 0, accountWide: false };
  if (user && (await signedInFromRecently(db, user.id, ip, KNOWN_ADDRESS_MS))) return { wait: 0, accountWide: false };
  return { wait: accountWide, accountWide: true };
}

/** 429 with Retry-After; past the account-wide cap its code `accountThrottled` lets the client offer a sign-in link. */
export function tooManyAttempts({ wait, accountWide }: LoginWait): HttpError {
  const message = `Too many failed attempts. Try again in ${wait} s.`;
  return accountWide
    ? new HttpError(429, 'accountThrottled', `${message} Or ask for a sign-in link by e-mail.`, wait)
    : new HttpError(429, 'tooManyRequests', message, wait);
}

/**
 * A signed-in user's current password, checked as a sign-in checks it (so guessing it with a
 * stolen access token is throttled the same way): a wrong one counts as a failed attempt and is
 * reported on `field`.
 */
export async function confirmPassword(
  db: Db,
  user: UserRow,
  password: string,
  ip: string,
  field: 'oldPassword' | 'password',
) {
  const wait = await loginWait(db, user.email, ip, user);
  if (wait.wait > 0) throw tooManyAttempts({ ...wait, accountWide: false });
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
    await recordLoginFailure(db, user.email, ip);
    throw new FieldValidationError({ [field]: 'incorrectPassword' });
  }
}
