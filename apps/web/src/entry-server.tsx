/**
 * The server renderer (ADR 021): the first view of a public page, drawn with its data in the
 * request's language, for the browser to hydrate. Built by `vite build --ssr` into dist-server and
 * called by the server's page handler (apps/server/src/web/server-render.ts), which hands in the
 * locale texts, the site settings and a fetch that reaches the API in process as a guest.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { dehydrate, type Query, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Language, WebsiteSettings } from '@ustaz/contract';
import { createInstance, type i18n as I18n } from 'i18next';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, type RouteObject, StaticRouterProvider } from 'react-router';
import { appRoutes } from './app/router.tsx';
import type { RouteHandle } from './app/routes.tsx';
import { ApiRequestError, setApiTransport } from './shared/http/client.ts';
import { i18nOptions } from './shared/i18n/i18n.ts';
import { numberFormatter } from './shared/i18n/number-interpolation.ts';
import { type LoadedSettings, websiteSettingsQueryKey } from './shared/settings/api.ts';
import { type ServerRenderData, scriptSafeJson } from './shared/ssr/server-render-data.ts';

/** A request to the API, answered in process (the server's app.inject). */
export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

export type RenderInput = {
  /** The page's path and query, `/ar/search?subject=3`. */
  url: string;
  /** The site's origin, for the router's Request. */
  origin: string;
  language: Language;
  /** Every namespace of the language, as the locale files hold them. */
  texts: Record<string, Record<string, unknown>>;
  settings: WebsiteSettings;
  /** Reaches the API in process, in the page's language, as a guest. */
  apiFetch: ApiFetch;
  /** The response's CSP nonce, for any script React writes (none is expected: see renderToString). */
  nonce?: string;
  /** Gives up after this long (the page is then served as the client-drawn shell). */
  timeoutMs?: number;
};

export type RenderOutput = {
  /** The app's HTML, for inside `<div id="root">`. */
  html: string;
  /** The JSON for the server-render data block (scriptSafeJson: safe inside a <script>). */
  data: string;
  /** The source modules of the matched lazy routes (the browser build's manifest keys), to preload. */
  modules: string[];
  /** Every interactive part of the page is an island: a guest's browser hydrates those alone (ADR 038). */
  islands: boolean;
};

/** Rounds of "render, then fetch the queries the render asked for": a query may depend on another's data. */
const MAX_DATA_ROUNDS = 3;

// The requests of every page being rendered go through one transport; each finds its own page's
// fetch (language, guest) in its async context.
const pageFetch = new AsyncLocalStorage<ApiFetch>();
setApiTransport((input, init) => {
  const send = pageFetch.getStore();
  if (!send) return Promise.reject(new Error('API request outside a server render'));
  return send(input, init);
});

/**
 * The source modules each lazy route loads, as the browser build's manifest names them: the route
 * tables' `import()` calls announce their module (vite.config.ts, routeModuleNames) while a route's
 * `lazy` runs, and the names are kept on the route's handle. The page handler preloads their files.
 */
let loading: string[] | null = null;
(globalThis as { __ustazRouteModule?: (name: string) => void }).__ustazRouteModule = (name) => loading?.push(name);

type ModulesHandle = { modules?: string[] };

function recordRouteModules(routes: RouteObject[]): void {
  for (const route of routes) {
    if (typeof route.lazy === 'function' && route.handle) {
      const load = route.lazy;
      const handle = route.handle as ModulesHandle;
      route.lazy = () => {
        const names: string[] = [];
        loading = names;
        try {
          return load();
        } finally {
          loading = null;
          handle.modules = names;
        }
      };
    }
    if (route.children) recordRouteModules(route.children);
  }
}
recordRouteModules(appRoutes);

const handler = createStaticHandler(appRoutes);

/**
 * Renders a public page, or answers null when this page is not for the server: a redirect, a
 * signed-in-only page, the admin, a query that failed (the client draws those, as before).
 */
export async function render(input: RenderInput): Promise<RenderOutput | null> {
  const context = await handler.query(new Request(new URL(input.url, input.origin)));
  if (context instanceof Response || context.errors) return null;
  const isPublic = context.matches.some(
    (match) => (match.route.handle as RouteHandle | undefined)?.access === 'public',
  );
  if (!isPublic) return null;

  const i18n = pageI18n(input.language, input.texts);
  // A query that failed here (a 404) shows its error when the page renders again, not a new load.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  queryClient.setQueryData<LoadedSettings>(websiteSettingsQueryKey, {
    settings: input.settings,
    source: 'network',
    fromCache: false,
  });
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </I18nextProvider>
  );

  const timeoutMs = input.timeoutMs ?? 5_000;
  let html = await renderToString(app, timeoutMs, input.nonce);
  for (let round = 0; round < MAX_DATA_ROUNDS; round++) {
    const wanted = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query));
    if (wanted.length === 0) break;
    await pageFetch.run(input.apiFetch, () =>
      Promise.all(wanted.map((query) => query.fetch({ ...query.options, retry: false }).catch(() => undefined))),
    );
    html = await renderToString(app, timeoutMs, input.nonce);
  }
  const queries = queryClient.getQueryCache().getAll();
  // A failed query shows its error state here, which the browser would not start from: the client
  // draws it. Except a 404 (an unknown teacher): the page's not-found state is handed over with it.
  if (queries.some((query) => query.state.status === 'error' && !isNotFound(query.state.error))) return null;
  if (queries.some((query) => query.state.status === 'pending' && isEnabled(query))) return null;

  const used = new Set(['common', ...(i18n.reportNamespaces?.getUsedNamespaces() ?? [])]);
  const texts = Object.fromEntries([...used].flatMap((ns) => (input.texts[ns] ? [[ns, input.texts[ns]]] : [])));
  const data: ServerRenderData = {
    language: input.language,
    texts,
    queries: dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' || isNotFound(query.state.error),
    }),
    router: { loaderData: context.loaderData, actionData: context.actionData },
    params: context.matches.at(-1)?.params ?? {},
  };
  const islands = context.matches.some((match) => (match.route.handle as RouteHandle | undefined)?.islands === true);
  const modules = context.matches.flatMap((match) => (match.route.handle as ModulesHandle | undefined)?.modules ?? []);
  return { html, data: scriptSafeJson(data), modules, islands };
}

/** One i18next instance per page: its language never changes, and nothing of it is shared. */
function pageI18n(language: Language, texts: RenderInput['texts']): I18n {
  const instance = createInstance();
  instance.use(numberFormatter);
  void instance.init({
    ...i18nOptions(language),
    ns: Object.keys(texts),
    resources: { [language]: texts },
    initAsync: false,
  });
  return instance;
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  if (typeof enabled === 'function') return enabled(query) !== false;
  return enabled !== false && query.options.queryFn !== undefined;
}

/**
 * React's streaming renderer, waited for in full: every Suspense boundary is written in place, none
 * as a fallback with its content and a revealing script after it (React outlines boundaries above
 * `progressiveChunkSize` otherwise), so the HTML reads the same without JavaScript.
 */
function renderToString(app: React.ReactNode, timeoutMs: number, nonce: string | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(app, {
      nonce,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
    timer = setTimeout(() => {
      stream.abort();
      reject(new Error('server render timed out'));
    }, timeoutMs);
  });
}
