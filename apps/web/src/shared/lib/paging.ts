/** A page number kept within 1..totalPages (1 when there are no pages). */
export function clampPage(page: number, totalPages: number): number {
  const last = Math.max(1, Math.floor(totalPages) || 1);
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.floor(page)), last);
}

/** A copy of `params` whose `name` is `page`, or that has no `name` for page 1 (pages past 1 only show in the address). */
export function withPageParam(params: URLSearchParams, page: number, name = 'page'): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set(name, String(page));
  else next.delete(name);
  return next;
}
