import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { GoogleVerifier } from './google.ts';
import { createSessionStarter, type StartSession } from './session-start.ts';
import type { AccessTokens } from './tokens.ts';

/** Sessions that just ended: one family (logout) or all of a user's (password reset, suspension, deletion). */
export type EndedSessions = { familyId: string } | { userId: number };

/** What `buildApp` gives the auth services (sessions, credentials, the account). */
export type AuthDeps = {
  db: Db;
  tokens: AccessTokens;
  mailer: Mailer;
  google: GoogleVerifier | null;
  publicUrl: Config['publicUrl'];
  registrationEnabled: () => Promise<boolean>;
  /** Called after a user's names change, so what indexes them (teacher search) can follow. */
  onNamesChanged?: (userId: number) => Promise<void>;
  /** A session family (logout) or all of a user's sessions (password reset) ended: close their sockets. */
  onSessionsEnded?: (ended: EndedSessions) => void;
  /** Where uploaded files live (a deleted account's uploads are removed from there). */
  uploadsDir?: string;
};

/** What every auth operation receives: the dependencies and what is built once from them. */
export type AuthContext = AuthDeps & {
  /** Starts a session family for a user who just proved who they are (every way in). */
  startSession: StartSession;
};

export function createAuthContext(deps: AuthDeps): AuthContext {
  return { ...deps, startSession: createSessionStarter(deps.db, deps.tokens) };
}
