import type { Language, User } from '@ustaz/contract';
import { FieldValidationError } from '../../http/errors.ts';
import { clearLoginFailures, findUserByEmail, recordLoginFailure } from './auth.repo.ts';
import type { AuthContext } from './auth-context.ts';
import { deliverSoon } from './auth-mail.ts';
import { sendConfirmation } from './email-confirmation.ts';
import { loginWait, tooManyAttempts } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';
import type { Tokens } from './session-start.ts';
import { toUser } from './user.presenter.ts';

/** Signs in with e-mail and password, throttled per address and per account (`login-throttle.ts`). */
export async function login(
  ctx: AuthContext,
  email: string,
  password: string,
  ip: string,
  language: Language,
): Promise<Tokens & { user: User }> {
  const { db } = ctx;
  const user = await findUserByEmail(db, email);
  const wait = await loginWait(db, email, ip, user);
  if (wait.wait > 0) throw tooManyAttempts(wait);
  if (!user) {
    await recordLoginFailure(db, email, ip);
    throw new FieldValidationError({ email: 'notFound' });
  }
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
    await recordLoginFailure(db, email, ip);
    throw new FieldValidationError({ password: 'incorrectPassword' });
  }
  if (user.status === 'suspended') throw new FieldValidationError({ email: 'accountSuspended' });
  if (!user.emailConfirmedAt) {
    // The password was right: send a fresh confirmation link so the user is not stuck.
    await db.transaction((tx) => sendConfirmation(ctx, tx, user, language));
    deliverSoon(ctx);
    throw new FieldValidationError({ email: 'emailNotConfirmed' });
  }
  await clearLoginFailures(db, email, ip);
  return { ...(await ctx.startSession(user, ip)), user: toUser(user) };
}
