import type { PgSelect } from 'drizzle-orm/pg-core';

/** Which page of a list: `page` counts from 1, `limit` rows a page. */
export type PageRequest = { page: number; limit: number };

/**
 * One page of a list and the size of the whole list, read together: `rows` is the list query made
 * dynamic (`.$dynamic()`) with its filter and order, `total` counts the rows of the same filter.
 */
export async function pageWithTotal<Query extends PgSelect>(
  rows: Query,
  total: PromiseLike<{ n: number }[]>,
  { page, limit }: PageRequest,
): Promise<{ rows: Awaited<Query>; total: number }> {
  const [list, [counted]] = await Promise.all([rows.limit(limit).offset((page - 1) * limit), total]);
  return { rows: list as Awaited<Query>, total: counted?.n ?? 0 };
}
