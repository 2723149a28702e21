import { HttpError } from '../../http/errors.ts';
import { findSessionByHash, revokeFamily } from './auth.repo.ts';
import type { AuthContext } from './auth-context.ts';
import { sha256 } from './tokens.ts';

/**
 * Ends the session of the bearer: an access token ends the session it belongs to, a refresh
 * token its family. 401 when that ends nothing (unknown token, session already over).
 */
export async function logout({ db, tokens, onSessionsEnded }: AuthContext, bearer: string) {
  const claims = await tokens.verify(bearer);
  let ended: { familyId: string; count: number } | null = null;
  if (claims) {
    ended = { familyId: claims.sessionFamily, count: await revokeFamily(db, claims.sessionFamily, claims.userId) };
  } else {
    const session = await findSessionByHash(db, sha256(bearer));
    if (session) ended = { familyId: session.familyId, count: await revokeFamily(db, session.familyId) };
  }
  if (!ended || ended.count === 0) throw new HttpError(401, 'unauthorized', 'No live session to end');
  onSessionsEnded?.({ familyId: ended.familyId });
  return { success: true as const };
}
