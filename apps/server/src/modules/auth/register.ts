import type { Language, RegisterBody } from '@ustaz/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { findUserByEmail, insertUser } from './auth.repo.ts';
import type { AuthContext } from './auth-context.ts';
import { deliverSoon } from './auth-mail.ts';
import { sendConfirmation } from './email-confirmation.ts';
import { hashPassword } from './passwords.ts';

/** A new e-mail account (a student), not confirmed yet: its confirmation link is mailed. */
export async function register(ctx: AuthContext, body: RegisterBody, language: Language) {
  const { db } = ctx;
  if (!(await ctx.registrationEnabled())) throw new HttpError(403, 'registrationDisabled', 'Registration is closed');
  if (await findUserByEmail(db, body.email)) throw new FieldValidationError({ email: 'emailAlreadyExists' });
  const passwordHash = await hashPassword(body.password);
  try {
    await db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: body.email,
        passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
        roleId: 3,
        provider: 'email',
        language,
      });
      await sendConfirmation(ctx, tx, user, language);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new FieldValidationError({ email: 'emailAlreadyExists' });
    throw error;
  }
  deliverSoon(ctx);
  return { success: true as const, message: 'Registration successful. Check your e-mail to confirm your account.' };
}
