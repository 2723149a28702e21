/** The first row a query gives back, or undefined when it gives none (a lookup that found nothing). */
export async function firstRow<Row>(rows: PromiseLike<Row[]>): Promise<Row | undefined> {
  const [row] = await rows;
  return row;
}

/**
 * The row an `insert … returning()` of one row gives back. It always gives one (no conflict clause
 * skips it), so none is a bug: it throws `message`.
 */
export async function insertedRow<Row>(rows: PromiseLike<Row[]>, message: string): Promise<Row> {
  const [row] = await rows;
  if (!row) throw new Error(message);
  return row;
}
