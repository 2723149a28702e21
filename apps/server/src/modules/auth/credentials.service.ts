import type { Language } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import type { AuthContext } from './auth-context.ts';
import { confirmEmail, resendConfirmation, resendConfirmationTo } from './email-confirmation.ts';
import { forgotPassword, resetPassword } from './password-reset.ts';

/**
 * Credentials: the password reset by mail and the e-mail confirmation. Changing the password
 * from the profile is `password-change.ts`, used by the account's `updateMe`.
 */
export function createCredentialsService(ctx: AuthContext) {
  return {
    forgotPassword: (email: string, language: Language) => forgotPassword(ctx, email, language),
    resetPassword: (hash: string, password: string) => resetPassword(ctx, hash, password),
    confirmEmail: (hash: string) => confirmEmail(ctx, hash),
    resendConfirmationTo: (email: string) => resendConfirmationTo(ctx, email),
    resendConfirmation: (userId: number, alsoInTransaction?: (tx: Executor) => Promise<void>) =>
      resendConfirmation(ctx, userId, alsoInTransaction),
  };
}

export type CredentialsService = ReturnType<typeof createCredentialsService>;
