import { HttpError } from '../../http/errors.ts';
import { findSessionByHash, findUserById, insertSession, revokeFamily, spendSession } from './auth.repo.ts';
import type { AuthContext } from './auth-context.ts';
import type { Tokens } from './session-start.ts';
import { REFRESH_GRACE_MS, sha256 } from './tokens.ts';

type Session = NonNullable<Awaited<ReturnType<typeof findSessionByHash>>>;

/**
 * Rotates a refresh token. The same token presented again within `REFRESH_GRACE_MS` of its
 * rotation (a second tab) gets the same new pair; later, or once revoked, it revokes its
 * whole family.
 */
export async function refresh(ctx: AuthContext, refreshToken: string): Promise<Tokens> {
  const { db, tokens } = ctx;
  const session = await findSessionByHash(db, sha256(refreshToken));
  if (!session) throw new HttpError(401, 'unauthorized', 'Invalid refresh token');
  if (session.usedAt || session.revokedAt) return replayOrRevoke(ctx, session, refreshToken);
  if (session.expiresAt.getTime() <= Date.now()) throw new HttpError(401, 'unauthorized', 'Session expired');
  const user = await findUserById(db, session.userId);
  if (user?.status !== 'active') throw new HttpError(401, 'unauthorized', 'Unauthorized');
  const next = tokens.successorOf(refreshToken);
  const issuedAt = Date.now();
  const rotated = await db.transaction(async (tx) => {
    if (!(await spendSession(tx, session.id, new Date(issuedAt)))) return false;
    await insertSession(tx, {
      userId: user.id,
      familyId: session.familyId,
      tokenHash: sha256(next),
      expiresAt: session.expiresAt,
    });
    return true;
  });
  if (!rotated) {
    // A concurrent use of the same token won the rotation: answer with its pair (or revoke).
    const spent = await findSessionByHash(db, sha256(refreshToken));
    if (!spent) throw new HttpError(401, 'unauthorized', 'Invalid refresh token');
    return replayOrRevoke(ctx, spent, refreshToken);
  }
  const access = await tokens.sign({ userId: user.id, roleId: user.roleId, sessionFamily: session.familyId }, issuedAt);
  return { token: access.token, refreshToken: next, tokenExpires: access.expiresAt };
}

/** A spent token presented again: within the grace window, the pair it was exchanged for; else the family ends. */
async function replayOrRevoke(
  { db, tokens, onSessionsEnded }: AuthContext,
  session: Session,
  refreshToken: string,
): Promise<Tokens> {
  const usedAt = session.usedAt?.getTime();
  if (usedAt !== undefined && !session.revokedAt && Date.now() - usedAt <= REFRESH_GRACE_MS) {
    const next = tokens.successorOf(refreshToken);
    const successor = await findSessionByHash(db, sha256(next));
    const user = successor ? await findUserById(db, successor.userId) : undefined;
    if (
      successor &&
      successor.familyId === session.familyId &&
      !successor.usedAt &&
      !successor.revokedAt &&
      successor.expiresAt.getTime() > Date.now() &&
      user?.status === 'active'
    ) {
      // Signed at the same instant as the first answer: the very same access token.
      const access = await tokens.sign(
        { userId: user.id, roleId: user.roleId, sessionFamily: session.familyId },
        usedAt,
      );
      return { token: access.token, refreshToken: next, tokenExpires: access.expiresAt };
    }
  }
  await revokeFamily(db, session.familyId);
  onSessionsEnded?.({ familyId: session.familyId });
  throw new HttpError(401, 'refreshTokenReused', 'Refresh token already used');
}
