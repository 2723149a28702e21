import { ident, type Sql } from './inventory.ts';

/**
 * Copying one database into another as plain SQL (the operator's `db:move-to-postgres`, src/ops): the
 * tables in foreign-key order, their rows in batches, the sequences. The SQL lives in the db layer
 * (ADR 030); the command in ops/ says what to copy and checks the result.
 */

/** Rows copied per round trip. */
const BATCH = 2000;

export type ForeignKey = { name: string; child: string; parent: string };

/**
 * Tables in an order where each comes after the tables its foreign keys point to, and the foreign
 * keys that close a cycle (users.photo_file_id -> files -> users): those are checked at the end of the
 * copy instead of row by row (`deferForeignKeys`).
 */
export async function dependencyOrder(sql: Sql, tables: string[]): Promise<{ order: string[]; cyclic: ForeignKey[] }> {
  const { rows } = await sql.query<ForeignKey>(
    `select k.conname as name, c.relname as child, p.relname as parent from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const order: string[] = [];
  const placed = new Set<string>();
  const cyclic: ForeignKey[] = [];
  const waitingFor = (table: string) => rows.filter((fk) => fk.child === table && !placed.has(fk.parent));
  while (order.length < tables.length) {
    const left = tables.filter((t) => !placed.has(t));
    const ready = left.filter((t) => waitingFor(t).length === 0);
    if (ready.length > 0) {
      for (const table of ready) {
        order.push(table);
        placed.add(table);
      }
      continue;
    }
    // A cycle: the table waiting for the fewest others goes first, those keys deferred.
    const next = left.reduce((best, t) => (waitingFor(t).length < waitingFor(best).length ? t : best));
    cyclic.push(...waitingFor(next));
    order.push(next);
    placed.add(next);
  }
  return { order, cyclic };
}

/**
 * Makes the cycle-closing foreign keys checked at the end (`deferred`), or checks them now and puts
 * them back as they were (not deferrable): in the copy's transaction, so nothing outlives it.
 */
export async function deferForeignKeys(sql: Sql, keys: ForeignKey[], deferred: boolean): Promise<void> {
  if (!deferred && keys.length > 0)
    await sql.query(`set constraints ${keys.map((k) => ident(k.name)).join(', ')} immediate`);
  for (const key of keys)
    await sql.query(
      `alter table ${ident(key.child)} alter constraint ${ident(key.name)} ${deferred ? 'deferrable initially deferred' : 'not deferrable'}`,
    );
}

/** The column names a catalogue query answers for `table` (its `$1`, the table's regclass). */
async function columnNames(sql: Sql, query: string, table: string): Promise<string[]> {
  const { rows } = await sql.query<{ name: string }>(query, [`public.${ident(table)}`]);
  return rows.map((row) => row.name);
}

/** The columns a copy inserts: every column but dropped and generated ones, in table order. */
export const insertableColumns = (sql: Sql, table: string) =>
  columnNames(
    sql,
    `select attname as name from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
     order by attnum`,
    table,
  );

/** The primary key's columns, in key order (the order a copy reads rows in). */
export const primaryKeyColumns = (sql: Sql, table: string) =>
  columnNames(
    sql,
    `select a.attname as name from pg_index i
     join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = $1::regclass and i.indisprimary order by array_position(i.indkey, a.attnum)`,
    table,
  );

/** Copies one table's rows, in batches, as JSON (each value through its type's text form: nothing lost). */
export async function copyTable(source: Sql, target: Sql, table: string): Promise<number> {
  const columns = (await insertableColumns(target, table)).map(ident).join(', ');
  const key = await primaryKeyColumns(source, table);
  const order = key.length > 0 ? key.map(ident).join(', ') : 'ctid';
  let copied = 0;
  for (;;) {
    const { rows } = await source.query<{ batch: string | null; n: string }>(
      `select json_agg(_r)::text as batch, count(*)::text as n
       from (select * from ${ident(table)} order by ${order} limit ${BATCH} offset ${copied}) _r`,
    );
    const n = Number(rows[0]?.n ?? 0);
    if (n === 0) return copied;
    await target.query(
      `insert into ${ident(table)} (${columns}) select ${columns} from json_populate_recordset(null::${ident(table)}, $1::json)`,
      [rows[0]?.batch],
    );
    copied += n;
    if (n < BATCH) return copied;
  }
}

/**
 * Puts each sequence of the target where the source's was (never below the largest id copied), so
 * the next id on PostgreSQL is the next one the embedded database would have given.
 */
export async function alignSequences(source: Sql, target: Sql): Promise<Record<string, number>> {
  const { rows: owned } = await target.query<{ seq: string; tbl: string; col: string }>(
    `select s.relname as seq, t.relname as tbl, a.attname as col from pg_class s
     join pg_namespace n on n.oid = s.relnamespace
     join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
     join pg_class t on t.oid = d.refobjid
     join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
     where s.relkind = 'S' and n.nspname = 'public' order by 1`,
  );
  const positions: Record<string, number> = {};
  for (const { seq, tbl, col } of owned) {
    const { rows: src } = await source.query<{ last: string; called: boolean }>(
      `select last_value::text as last, is_called as called from ${ident(seq)}`,
    );
    const handedOut = src[0] ? Number(src[0].last) - (src[0].called ? 0 : 1) : 0;
    const { rows: max } = await target.query<{ max: string | null }>(
      `select max(${ident(col)})::text as max from ${ident(tbl)}`,
    );
    const position = Math.max(handedOut, Number(max[0]?.max ?? 0));
    if (position >= 1) await target.query('select setval($1::regclass, $2, true)', [`public.${ident(seq)}`, position]);
    else await target.query('select setval($1::regclass, 1, false)', [`public.${ident(seq)}`]);
    positions[seq] = position;
  }
  return positions;
}

/** Empties `tables` (the rows the migrations insert themselves come from the source like the rest). */
export async function truncateTables(sql: Sql, tables: string[]): Promise<void> {
  await sql.query(`truncate ${tables.map(ident).join(', ')}`);
}
