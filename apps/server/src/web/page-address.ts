import { matchPagePath, PAGE_QUERY_PARAMS, type PageRoute } from '@ustaz/contract';

const READ_PARAMS: Partial<Record<PageRoute, readonly string[]>> = PAGE_QUERY_PARAMS;

/**
 * The address a page is drawn and kept under (issue 29): its path as requested and only the query
 * parameters the page reads (the contract's `PAGE_QUERY_PARAMS`), sorted by name, each name's
 * values in their order. `?utm_source=`, `?fbclid=` and anything else the page does not read leave
 * the address as it is, so they reuse the kept page instead of costing a render (and a kept page)
 * each, and no visitor's parameters end up in a page others are sent. A path no page matches (the
 * not-found page) reads none; a page route that is never kept (sign-in, account, admin) keeps its
 * whole query.
 */
export function pageAddress(
  rawPath: string,
  pathname: string,
  rawQuery: string,
): { url: string; query: URLSearchParams } {
  const given = new URLSearchParams(rawQuery);
  const match = matchPagePath(pathname);
  const read = match ? READ_PARAMS[match.route] : [];
  if (read === undefined) return { url: rawQuery ? `${rawPath}?${rawQuery}` : rawPath, query: given };
  const kept = new URLSearchParams();
  for (const name of [...read].sort()) for (const value of given.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return { url: query ? `${rawPath}?${query}` : rawPath, query: kept };
}
