import { z } from 'zod';

/** `?page` of every list: 1-based, at most 10,000. */
const pageQuery = z.coerce.number().int().min(1).max(10_000).default(1);

/** The `?page` and `?limit` of a list's query: `limit` from 1 to `max`, `fallback` when it is absent. */
export function pagingQuery(max: number, fallback: number) {
  return { page: pageQuery, limit: z.coerce.number().int().min(1).max(max).default(fallback) };
}

/** The answer of a list endpoint (`toPage` builds it): one page of `item`s, the total and where the page is. */
export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
  });
}
