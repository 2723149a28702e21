import { createAccountService } from './account.service.ts';
import { type AuthDeps, createAuthContext } from './auth-context.ts';
import { createCredentialsService } from './credentials.service.ts';
import { createSessionsService } from './sessions.service.ts';

/**
 * The auth module's public face: its three services over one context, their methods side by side
 * (the routes and the admin call them here). Sessions: `sessions.service.ts`; the password reset
 * and e-mail confirmation: `credentials.service.ts`; the account: `account.service.ts`.
 */
export function createAuthService(deps: AuthDeps) {
  const ctx = createAuthContext(deps);
  return {
    ...createSessionsService(ctx),
    ...createCredentialsService(ctx),
    ...createAccountService(ctx),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
