/** One page of a list, as every list endpoint answers it (`listResponseSchema`). */
export type Page<T> = { data: T[]; total: number; page: number; limit: number; totalPages: number };

/** How many pages of `limit` items hold `total` items (0 when there are none). */
export function pageCount(total: number, limit: number): number {
  return Math.ceil(total / limit);
}

/** The answer of a list endpoint: the page's items, the total, where the page is and how many there are. */
export function toPage<T>(data: T[], total: number, at: { page: number; limit: number }): Page<T> {
  return { data, total, page: at.page, limit: at.limit, totalPages: pageCount(total, at.limit) };
}
