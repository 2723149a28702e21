import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { insertSession } from './auth.repo.ts';
import { type AccessTokens, REFRESH_FAMILY_TTL_MS, randomToken, sha256 } from './tokens.ts';

/** What a sign-in answers with (every way in: password, Google, a mailed sign-in link). */
export type Tokens = { token: string; refreshToken: string; tokenExpires: number };

/**
 * Starts a new session family for a user who just proved who they are: a refresh token stored
 * hashed, with the address it came from (the account-wide sign-in cap trusts an address the owner
 * signed in from), and an access token for it.
 */
export function createSessionStarter(db: Db, tokens: AccessTokens) {
  return async function startSession(user: UserRow, ip?: string): Promise<Tokens> {
    const refreshToken = randomToken();
    const familyId = randomUUID();
    await insertSession(db, {
      userId: user.id,
      familyId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_FAMILY_TTL_MS),
      ...(ip ? { ip } : {}),
    });
    const access = await tokens.sign({ userId: user.id, roleId: user.roleId, sessionFamily: familyId });
    return { token: access.token, refreshToken, tokenExpires: access.expiresAt };
  };
}

export type StartSession = ReturnType<typeof createSessionStarter>;
