import type { Db } from '../../db/client.ts';
import { FieldValidationError } from '../../http/errors.ts';
import { confirmUserEmail, findAuthToken, isEmailConfirmed, spendAuthToken, spendUserAuthTokens } from './auth.repo.ts';
import { sha256 } from './tokens.ts';

/**
 * POST /api/v1/auth/email/confirm: spends the link and confirms the account's e-mail, all at once.
 * A spent link of an account already confirmed answers `emailAlreadyConfirmed` (issue 30 item 13:
 * the page says so and offers sign-in); any other spent or unknown link `invalidHash`.
 */
export async function confirmEmail(db: Db, hash: string) {
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
