import { act } from '@testing-library/react';
import { ADMIN_PAGE_ROUTES, PAGE_ROUTES, PAGE_TITLE_KEYS, type WebsiteSettings } from '@ustaz/contract';
import { FALLBACK_WEBSITE_SETTINGS } from '@ustaz/contract/settings-defaults';
import type { ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRouter } from '../shared/test/render-route.tsx';
import { createTestI18n } from '../shared/test/test-i18n.ts';
import { adminRoutes } from './admin/admin-routes.tsx';
import { usePageTitle } from './layout/use-page-title.ts';
import { pageRoutes } from './routes.tsx';

const DEFAULT_TITLE = 'أستاذ | دروس خصوصية في الكويت';
const settings: WebsiteSettings = { ...FALLBACK_WEBSITE_SETTINGS, defaultTitle: DEFAULT_TITLE };

/** Each route of a table with its title key: `[path under /{lang}, titleKey]`. */
function titleKeysOf(routes: RouteObject[], prefix: string): [string, string][] {
  return routes.flatMap((route): [string, string][] => {
    if (route.children) return titleKeysOf(route.children, prefix);
    const path = route.index ? prefix.replace(/\/$/, '') : `${prefix}${route.path}`;
    return [[path, (route.handle as { titleKey: string }).titleKey]];
  });
}

const ROUTE_KEYS = [...titleKeysOf(pageRoutes, ''), ...titleKeysOf(adminRoutes, 'admin/')].filter(
  ([path]) => path !== '*',
);

function Layout({ children }: { children?: ReactNode }) {
  usePageTitle(settings);
  return <>{children ?? <Outlet />}</>;
}

function pathOf(route: string): string {
  return route.replace(':result', 'success').replace(':userId', '2').replace(':id', '1');
}

describe('page titles (spec 2): each route its own title with the settings default title', () => {
  it('the route table gives every contract route the key the server writes into the page', () => {
    expect(Object.fromEntries(ROUTE_KEYS)).toEqual(PAGE_TITLE_KEYS);
    expect(ROUTE_KEYS.map(([path]) => path).sort()).toEqual([...PAGE_ROUTES, ...ADMIN_PAGE_ROUTES].sort());
  });

  it.each(['ar', 'en'] as const)('follows client navigation over every route in %s', async (language) => {
    const { i18n } = await createTestI18n(language);
    const children = ROUTE_KEYS.map(([path, titleKey]) => ({
      path: path === '' ? undefined : path,
      index: path === '' ? true : undefined,
      element: null,
      handle: { titleKey },
    })) as RouteObject[];
    const { router } = renderRouter(i18n, [{ path: '/:lang', element: <Layout />, children }], `/${language}`);
    expect(document.title).toBe(DEFAULT_TITLE);
    for (const [path, titleKey] of ROUTE_KEYS.filter(([path]) => path !== '')) {
      await act(() => router.navigate(`/${language}/${pathOf(path)}`));
      const own = i18n.t(`titles.${titleKey}` as never) as string;
      expect(own).not.toBe(`titles.${titleKey}`);
      expect({ path, title: document.title }).toEqual({ path, title: `${own} · ${DEFAULT_TITLE}` });
    }
    await act(() => router.navigate(`/${language}`));
    expect(document.title).toBe(DEFAULT_TITLE);
  });
});
