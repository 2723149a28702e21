// @vitest-environment node
import { PAGE_QUERY_PARAMS, type PageRoute } from '@ustaz/contract';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RouteHandle } from './app/routes.tsx';
import { pageRoutes } from './app/routes.tsx';
import type { ApiFetch } from './entry-server.tsx';
import { renderOnServer } from './entry-server-test-support.ts';

/**
 * Issue 29: the server keeps a rendered public page per path and the query parameters the page
 * reads (the contract's PAGE_QUERY_PARAMS), and renders it from that address. Here every public
 * page is rendered by the real server renderer while URLSearchParams records the names asked for:
 * a page reading a parameter the list lacks would be drawn without it, and this fails.
 */
/** The public routes of the route table, as the contract names them (`''` for the home page). */
function publicRoutes(routes: RouteObject[], access?: string): string[] {
  return routes.flatMap((route) => {
    const own = (route.handle as RouteHandle | undefined)?.access ?? access;
    const here =
      own === 'public' && (route.index || route.path) && route.path !== '*'
        ? [route.index ? '' : (route.path ?? '')]
        : [];
    return [...here, ...publicRoutes(route.children ?? [], own)];
  });
}

/** What react-router's static handler reads of every request's query. */
const ROUTER_PARAM = 'index';

const apiFetch: ApiFetch = async () => Response.json({ status: 404, message: 'Not found' }, { status: 404 });

async function namesReadRendering(url: string): Promise<Set<string>> {
  const names = new Set<string>();
  const proto = URLSearchParams.prototype;
  const originals = { get: proto.get, getAll: proto.getAll, has: proto.has };
  proto.get = function (this: URLSearchParams, name: string) {
    names.add(name);
    return originals.get.call(this, name);
  };
  proto.getAll = function (this: URLSearchParams, name: string) {
    names.add(name);
    return originals.getAll.call(this, name);
  };
  proto.has = function (this: URLSearchParams, name: string, value?: string) {
    names.add(name);
    return value === undefined ? originals.has.call(this, name) : originals.has.call(this, name, value);
  };
  try {
    await renderOnServer({ url, language: 'en', apiFetch });
  } finally {
    Object.assign(proto, originals);
  }
  return names;
}

describe('the query parameters each public page reads (PAGE_QUERY_PARAMS)', () => {
  const listed: Partial<Record<PageRoute, readonly string[]>> = PAGE_QUERY_PARAMS;
  const routes = publicRoutes(pageRoutes);

  it('lists every public page of the route table', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((route) => listed[route as PageRoute] === undefined)).toEqual([]);
  });

  it.each(publicRoutes(pageRoutes))(
    '"%s" reads exactly the parameters listed for it while it is rendered',
    async (route) => {
      const concrete = route.replace(':id', '7').replace(':result', 'success');
      const read = await namesReadRendering(`/en${concrete ? `/${concrete}` : ''}?utm_source=x&fbclid=y`);
      // The router's own `?index` (which route a form submission is for) decides nothing of a GET.
      read.delete(ROUTER_PARAM);
      expect([...read].sort()).toEqual([...(listed[route as PageRoute] ?? [])].sort());
    },
  );
});
