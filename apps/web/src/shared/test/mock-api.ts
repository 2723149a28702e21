import { vi } from 'vitest';
import { jsonResponse } from './test-i18n.ts';

/** One request the page made, as the mocked fetch saw it. */
export type ApiCall = {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Headers;
};

export type ApiAnswer = { status: number; body?: unknown };
export type ApiRoute = ApiAnswer | ((call: ApiCall) => ApiAnswer | Promise<ApiAnswer>);

/**
 * Test helper: a fetch answering `"METHOD /path"` from `routes` (an answer, or a function of the
 * call), 404 for anything else, and the list of calls made. Replace with vi.unstubAllGlobals().
 */
export function mockApi(routes: Record<string, ApiRoute>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: ApiCall = {
      method,
      path: url.pathname,
      search: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return jsonResponse(404, { status: 404, message: 'Not found', code: 'notFound' });
    const answer = typeof route === 'function' ? await route(call) : route;
    return jsonResponse(answer.status, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key) };
}

export function ok(body: unknown): ApiAnswer {
  return { status: 200, body };
}

/** A route answering its first call with the first of `answers`, the next with the next, and the last one from then on. */
export function inTurn(...answers: ApiAnswer[]): ApiRoute {
  let calls = 0;
  return () => {
    const answer = answers[Math.min(calls, answers.length - 1)];
    calls += 1;
    if (!answer) throw new Error('inTurn needs at least one answer');
    return answer;
  };
}
