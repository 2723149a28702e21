import type { Language } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import { revokeUserSessions } from './auth.repo.ts';
import type { AuthContext, EndedSessions } from './auth-context.ts';
import { googleLogin } from './google-login.ts';
import { login } from './login.ts';
import { logout } from './logout.ts';
import { refresh } from './refresh.ts';
import { requestSignInLink, verifySignInLink } from './sign-in-link.ts';

/**
 * Sessions: the ways in (password, Google, a mailed sign-in link), refresh and sign-out, and
 * ending sessions. A session's liveness, checked on each request, is `session-liveness.ts`.
 */
export function createSessionsService(ctx: AuthContext) {
  return {
    login: (email: string, password: string, ip: string, language: Language) =>
      login(ctx, email, password, ip, language),
    googleLogin: (idToken: string, language: Language, ip?: string) => googleLogin(ctx, idToken, language, ip),
    // POST /auth/sign-in-link and /verify: the way in past the account-wide cap.
    requestSignInLink: (email: string, language: Language) => requestSignInLink(ctx, email, language),
    verifySignInLink: (hash: string, ip: string) => verifySignInLink(ctx, hash, ip),
    refresh: (refreshToken: string) => refresh(ctx, refreshToken),
    logout: (bearer: string) => logout(ctx, bearer),

    /**
     * Ends every refresh session of a user inside the caller's transaction (suspension): no
     * refresh works afterwards. The caller closes the user's sockets once it has committed.
     */
    revokeAllSessions: (executor: Executor, userId: number) => revokeUserSessions(executor, userId),

    /** After the commit that ended them: refuse their access tokens and close their sockets. */
    sessionsEnded(ended: EndedSessions) {
      ctx.onSessionsEnded?.(ended);
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
