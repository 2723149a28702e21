import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * What a database holds, read the same way from embedded PGlite and from PostgreSQL, so the operator
 * commands (src/ops: move to PostgreSQL, backup, restore) can compare two databases: the tables, their
 * row counts and contents, the migration level, and the ledger's sums and balances. Plain SQL on whole
 * databases, so it lives in the db layer (ADR 030: SQL only in repos and src/db/).
 */

/** A connection that runs plain SQL: a `pg.Client` (wrapped) or an embedded database's raw query. */
export type Sql = { query<Row>(text: string, params?: unknown[]): Promise<{ rows: Row[] }> };

/** A `pg` client as `Sql`. */
export const pgSql = (client: pg.Client | pg.PoolClient): Sql => ({
  query: async <Row>(text: string, params?: unknown[]) =>
    (await client.query(text, params)) as unknown as { rows: Row[] },
});

/** An embedded database's client as `Sql`. */
export const pgliteSql = (client: PGlite): Sql => ({
  query: (text, params) => client.query(text, params) as never,
});

/** `"name"`, quoted for SQL. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The session settings that make a row's text form the same on both sides (times in UTC, ISO dates):
 * the fingerprints compare texts.
 */
export async function useStableTextForms(sql: Sql): Promise<void> {
  await sql.query(`set timezone = 'UTC'`);
  await sql.query(`set datestyle = 'ISO, MDY'`);
  await sql.query(`set intervalstyle = 'postgres'`);
  await sql.query('set extra_float_digits = 1');
}

/** The application's tables (schema `public`), by name. The migrations' own bookkeeping (`drizzle`) is not one. */
export async function appTables(sql: Sql): Promise<string[]> {
  const { rows } = await sql.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename collate "C"`,
  );
  return rows.map((row) => row.name);
}

export async function rowCounts(sql: Sql, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql.query<{ n: string }>(`select count(*)::text as n from ${ident(table)}`);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** An md5 of every row's text form, in a fixed order: equal fingerprints mean equal contents. */
export async function tableFingerprints(sql: Sql, tables: string[]): Promise<Record<string, string>> {
  const prints: Record<string, string> = {};
  for (const table of tables) {
    const { rows } = await sql.query<{ md5: string }>(
      `select md5(coalesce(string_agg(t::text, E'\\n' order by t::text collate "C"), '')) as md5 from ${ident(table)} t`,
    );
    prints[table] = rows[0]?.md5 ?? '';
  }
  return prints;
}

/** How far the migrations went: how many ran, and the last one's hash and journal time. */
export type MigrationLevel = { applied: number; lastHash: string | null; lastWhen: number | null };

export async function migrationLevel(sql: Sql): Promise<MigrationLevel> {
  const { rows: exists } = await sql.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists[0]?.present) return { applied: 0, lastHash: null, lastWhen: null };
  const { rows } = await sql.query<{ applied: string; hash: string | null; created_at: string | null }>(
    `select (select count(*) from drizzle.__drizzle_migrations)::text as applied, hash, created_at::text
     from (select 1) one left join (
       select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1
     ) last on true`,
  );
  const row = rows[0];
  return {
    applied: Number(row?.applied ?? 0),
    lastHash: row?.hash ?? null,
    lastWhen: row?.created_at == null ? null : Number(row.created_at),
  };
}

/**
 * Why a database is not an empty target, one reason per line: migrations already applied, or a table
 * (in any schema of its own) with rows. An empty list: nothing there, safe to fill.
 */
export async function notEmptyReasons(sql: Sql): Promise<string[]> {
  const reasons: string[] = [];
  const level = await migrationLevel(sql);
  if (level.applied > 0) reasons.push(`${level.applied} migrations already applied (drizzle.__drizzle_migrations)`);
  const { rows } = await sql.query<{ schema: string; name: string }>(
    `select schemaname as schema, tablename as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') and schemaname not like 'pg\\_%'
     order by 1, 2`,
  );
  for (const { schema, name } of rows) {
    if (schema === 'drizzle' && name === '__drizzle_migrations') continue;
    const { rows: count } = await sql.query<{ n: string }>(
      `select count(*)::text as n from ${ident(schema)}.${ident(name)}`,
    );
    const n = Number(count[0]?.n ?? 0);
    if (n > 0) reasons.push(`table ${schema}.${name} has ${n} rows`);
  }
  return reasons;
}

/**
 * The ledger as the reliability checks see it (RELIABILITY I1, I3, I4): the sum of all entries (0),
 * the transfers that do not sum to zero and the accounts whose balance is not the replay of their
 * entries (none), the balance held per account kind, and every account's balance.
 */
export type LedgerSummary = {
  entries: number;
  transfers: number;
  entriesSum: string;
  unbalancedTransfers: number;
  driftingAccounts: number;
  byKind: Record<string, string>;
  /** `account id -> balance in fils` (as text: bigint). */
  balances: Record<string, string>;
};

export async function ledgerSummary(sql: Sql): Promise<LedgerSummary> {
  const one = async (text: string) => (await sql.query<{ v: string }>(text)).rows[0]?.v ?? '0';
  const byKind: Record<string, string> = {};
  const kinds = await sql.query<{ kind: string; total: string }>(
    `select kind::text as kind, sum(balance_fils)::text as total from ledger_accounts group by kind order by kind collate "C"`,
  );
  for (const row of kinds.rows) byKind[row.kind] = row.total;
  const balances: Record<string, string> = {};
  const accounts = await sql.query<{ id: string; balance: string }>(
    'select id::text as id, balance_fils::text as balance from ledger_accounts order by id',
  );
  for (const row of accounts.rows) balances[row.id] = row.balance;
  return {
    entries: Number(await one('select count(*)::text as v from ledger_entries')),
    transfers: Number(await one('select count(*)::text as v from ledger_transfers')),
    entriesSum: await one('select coalesce(sum(amount_fils), 0)::text as v from ledger_entries'),
    unbalancedTransfers: Number(
      await one(
        'select count(*)::text as v from (select transfer_id from ledger_entries group by transfer_id having sum(amount_fils) <> 0) t',
      ),
    ),
    driftingAccounts: Number(
      await one(
        `select count(*)::text as v from ledger_accounts a
         left join (select account_id, sum(amount_fils) as s from ledger_entries group by account_id) e on e.account_id = a.id
         where a.balance_fils <> coalesce(e.s, 0)`,
      ),
    ),
    byKind,
    balances,
  };
}

/** `begin`, and its read-only snapshot's id, which `pg_dump --snapshot` dumps (the same rows the caller reads). */
export async function beginSnapshot(sql: Sql): Promise<string | undefined> {
  await sql.query('begin isolation level repeatable read read only');
  const { rows } = await sql.query<{ id: string }>('select pg_export_snapshot() as id');
  return rows[0]?.id;
}

/** Opens a transaction on `sql` (`commit`/`rollback` end it). */
export async function begin(sql: Sql): Promise<void> {
  await sql.query('begin');
}

export async function commit(sql: Sql): Promise<void> {
  await sql.query('commit');
}

/** Rolls back; a rollback that fails (the connection gone) is let go: nothing was committed. */
export async function rollback(sql: Sql): Promise<void> {
  await sql.query('rollback').catch(() => {});
}

/** The server's major version (17 for 17.2). */
export async function serverMajorVersion(sql: Sql): Promise<number> {
  const { rows } = await sql.query<{ v: string }>('show server_version_num');
  return Math.floor(Number(rows[0]?.v ?? 0) / 10000);
}
