import type { Language } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { renderMail } from '../../mail/templates.ts';
import {
  addAuthToken,
  confirmUserEmail,
  findAuthToken,
  findUserByEmail,
  findUserById,
  isEmailConfirmed,
  latestAuthTokenAt,
  spendAuthToken,
  spendUserAuthTokens,
} from './auth.repo.ts';
import type { AuthContext } from './auth-context.ts';
import { deliverSoon, mailedLink } from './auth-mail.ts';
import { randomToken, sha256 } from './tokens.ts';

export const CONFIRM_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** A confirmation mail asked for again this soon is not sent again (the earlier link still works). */
export const CONFIRM_RESEND_COOLDOWN_MS = 60 * 1000;

/** Queues a confirmation link for `user` in `executor`'s transaction (the caller delivers it after the commit). */
export async function sendConfirmation(ctx: AuthContext, executor: Executor, user: UserRow, language: Language) {
  const secret = randomToken();
  await addAuthToken(executor, {
    userId: user.id,
    kind: 'confirm',
    tokenHash: sha256(secret),
    expiresAt: new Date(Date.now() + CONFIRM_LINK_TTL_MS),
  });
  const url = mailedLink(ctx.publicUrl, language, '/confirm-email', { hash: secret });
  const mail = renderMail('confirm', language, user.firstName, url);
  await ctx.mailer.enqueue(executor, { to: user.email, ...mail });
}

/**
 * POST /api/v1/auth/email/confirm: spends the link and confirms the account's e-mail, all at once.
 * A spent link of an account already confirmed answers `emailAlreadyConfirmed` (issue 30 item 13:
 * the page says so and offers sign-in); any other spent or unknown link `invalidHash`.
 */
export async function confirmEmail({ db }: AuthContext, hash: string) {
  const token = await findAuthToken(db, 'confirm', sha256(hash));
  const spent = async () =>
    new FieldValidationError({
      hash: token && (await isEmailConfirmed(db, token.userId)) ? 'emailAlreadyConfirmed' : 'invalidHash',
    });
  if (!token || token.usedAt) throw await spent();
  if (token.expiresAt.getTime() <= Date.now()) throw new FieldValidationError({ hash: 'hashExpired' });
  const done = await db.transaction(async (tx) => {
    if (!(await spendAuthToken(tx, token.id))) return false;
    await confirmUserEmail(tx, token.userId);
    // The e-mail is confirmed: the other links mailed for it have nothing left to do.
    await spendUserAuthTokens(tx, token.userId, 'confirm');
    return true;
  });
  if (!done) throw await spent();
  return { success: true as const };
}

/**
 * Mails a new confirmation link to an e-mail that has an unconfirmed account (the expired-link
 * page). Answers the same for any e-mail; at most one mail a minute per account, and earlier
 * unexpired links keep working.
 */
export async function resendConfirmationTo(ctx: AuthContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (user && user.status === 'active' && user.provider === 'email' && !user.emailConfirmedAt) {
    const last = await latestAuthTokenAt(ctx.db, user.id, 'confirm');
    if (!last || Date.now() - new Date(last).getTime() >= CONFIRM_RESEND_COOLDOWN_MS) {
      await ctx.db.transaction((tx) => sendConfirmation(ctx, tx, user, user.language));
      deliverSoon(ctx);
    }
  }
  return { success: true as const };
}

/**
 * Mails a fresh confirmation link to an e-mail account that is not confirmed yet (admin);
 * `alsoInTransaction` runs in the same transaction (the audit row). 404 unknown user, 409 for a
 * Google account or a confirmed e-mail.
 */
export async function resendConfirmation(
  ctx: AuthContext,
  userId: number,
  alsoInTransaction?: (tx: Executor) => Promise<void>,
) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new HttpError(404, 'notFound', 'User not found');
  if (user.provider !== 'email' || user.emailConfirmedAt) {
    throw new HttpError(409, 'conflict', 'The e-mail is already confirmed');
  }
  await ctx.db.transaction(async (tx) => {
    await sendConfirmation(ctx, tx, user, user.language);
    await alsoInTransaction?.(tx);
  });
  deliverSoon(ctx);
  return { success: true as const };
}
