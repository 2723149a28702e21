// Access tokens for bench users: a live session row per user (the server refuses the access token
// of a session that is not live) and a token signed with the server's own function and secret.
import { randomUUID } from 'node:crypto';
import { createAccessTokens } from '../../apps/server/src/modules/auth/tokens.ts';
import type { Queryable } from './queryable.ts';

export type BenchUser = { id: number; roleId: number };
export type SignedInUser<User extends BenchUser = BenchUser> = User & { family: string; token: string };

/**
 * `users`: [{ id, roleId }]. Inserts one session per user through `client.query` (a pg Client or
 * PGlite) and returns [{ ...user, family, token }] in the same order.
 */
export async function signedInUsers<User extends BenchUser>(
  client: Queryable,
  secret: string,
  users: User[],
): Promise<SignedInUser<User>[]> {
  const tokens = createAccessTokens(secret);
  const withFamily = users.map((user) => ({ ...user, family: randomUUID() }));
  await client.query(
    `insert into sessions (user_id, family_id, token_hash, expires_at)
     select * from unnest($1::int[], $2::uuid[], $3::text[], $4::timestamptz[])`,
    [
      withFamily.map((u) => u.id),
      withFamily.map((u) => u.family),
      withFamily.map(() => randomUUID()),
      withFamily.map(() => new Date(Date.now() + 24 * 3600_000).toISOString()),
    ],
  );
  const out: SignedInUser<User>[] = [];
  for (const user of withFamily) {
    // Access tokens last 15 minutes; the soak signs again before they run out.
    const { token } = await tokens.sign({ userId: user.id, roleId: user.roleId, sessionFamily: user.family });
    out.push({ ...user, token });
  }
  return out;
}

/** A fresh token for a user returned by signedInUsers (same session). */
export async function resign(secret: string, user: SignedInUser): Promise<string> {
  const { token } = await createAccessTokens(secret).sign({
    userId: user.id,
    roleId: user.roleId,
    sessionFamily: user.family,
  });
  return token;
}
