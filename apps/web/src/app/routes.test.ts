import { ADMIN_PAGE_ROUTES, PAGE_ROUTES } from '@ustaz/contract/constants';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminRoutes } from './admin/admin-routes.tsx';
import { pageRoutes } from './routes.tsx';

function paths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.index ? [''] : route.path !== undefined ? [route.path] : []),
    ...paths(route.children ?? []),
  ]);
}

describe('route table', () => {
  it('matches the page routes the server knows, plus the not-found catch-all', () => {
    const web = paths(pageRoutes);
    expect(web).toContain('*');
    expect(web.filter((p) => p !== '*').sort()).toEqual([...PAGE_ROUTES].sort());
  });

  it('matches the admin pages the server knows, all under admin/', () => {
    const web = paths(adminRoutes).map((p) => (p === '' ? 'admin' : `admin/${p}`));
    expect(web.sort()).toEqual([...ADMIN_PAGE_ROUTES].sort());
  });
});
