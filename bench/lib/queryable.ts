/** What seeding needs of a pg Client or Pool, or a PGlite: a parameterised query answering rows. */
export type Queryable = {
  query<R extends Record<string, unknown> = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ): Promise<{ rows: R[] }>;
};

/** The first row of an answer that must have one (an insert's `returning`, a seeded account). */
export function firstRow<R>({ rows }: { rows: R[] }): R {
  const [row] = rows;
  if (row === undefined) throw new Error('expected a row, got none');
  return row;
}
