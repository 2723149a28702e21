import { type Db, rawQueryOf } from '../db/client.ts';

/**
 * A user as the early migrations already had it, by SQL: a migration test writes rows of an older
 * schema, which the factories (today's schema) cannot. Its id.
 */
export async function insertOldUser(db: Db, email: string, roleId: number): Promise<number> {
  const { rows } = await rawQueryOf(db)<{ id: number }>(
    `insert into users (email, first_name, last_name, role_id, provider, email_confirmed_at)
     values ($1, 'Old', 'Timer', $2, 'email', now()) returning id`,
    [email, roleId],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('no user inserted');
  return id;
}
