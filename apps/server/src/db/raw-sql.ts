import type { Db, RawQuery, RawTransaction } from './database.ts';

const rawQueries = new WeakMap<object, RawQuery>();
const rawTransactions = new WeakMap<object, RawTransaction>();

/** The plain-SQL transaction door of a database opened by `openDatabase`, for a hot path's few statements. */
export function rawTransactionOf(db: Db): RawTransaction {
  const transaction = rawTransactions.get(db);
  if (!transaction) throw new Error('rawTransactionOf: this Db was not opened by openDatabase');
  return transaction;
}

/** A pg query config: named (prepared) when a name is given. */
export const pgQuery = (text: string, values: unknown[], name?: string) =>
  name ? { name, text, values } : { text, values };

/** The plain-SQL door of a database opened by `openDatabase` (outside any transaction). */
export function rawQueryOf(db: Db): RawQuery {
  const query = rawQueries.get(db);
  if (!query) throw new Error('rawQueryOf: this Db was not opened by openDatabase');
  return query;
}

/** Gives a database opened by `openDatabase` its plain-SQL doors. */
export function setRawDoors(db: Db, query: RawQuery, transaction: RawTransaction): void {
  rawQueries.set(db, query);
  rawTransactions.set(db, transaction);
}
