import { pageCount } from '@ustaz/contract/paging';
/** Test data: one page of an admin list answer (`{ data, total, page, limit, totalPages }`). */
export function listPage<T>(data: T[], overrides: { page?: number; limit?: number; total?: number } = {}) {
  const limit = overrides.limit ?? 20;
  const total = overrides.total ?? data.length;
  return {
    data,
    total,
    page: overrides.page ?? 1,
    limit,
    totalPages: Math.max(1, pageCount(total, limit)),
  };
}
