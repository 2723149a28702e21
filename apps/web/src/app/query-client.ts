import { hydrate, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../shared/http/client.ts';
import { type LoadedSettings, rememberServerSettings, websiteSettingsQueryKey } from '../shared/settings/api.ts';
import type { ServerRenderData } from '../shared/ssr/server-render-data.ts';

/** How long the data a server-rendered page came with stays fresh in the browser: no second fetch. */
export const SERVER_DATA_FRESH_MS = 60_000;

/**
 * The app's query client. With the queries of a server-rendered page (ADR 021) they are in its
 * cache before the first render, and fresh for a minute whatever the query's own staleTime: the
 * hydrating render shows them, and mounting does not fetch them again.
 */
export function createQueryClient(serverQueries?: ServerRenderData['queries']): QueryClient {
  const fromServer = new Set(serverQueries?.queries.map((query) => query.queryHash));
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: 1,
        staleTime: (query) => (fromServer.has(query.queryHash) ? SERVER_DATA_FRESH_MS : 0),
      },
    },
  });
  if (serverQueries) {
    // Fresh from now: the server's clock may not be the browser's.
    const now = Date.now();
    for (const query of serverQueries.queries) {
      query.state.dataUpdatedAt = now;
      // A not-found answer (an unknown teacher) came as JSON: the HTTP client's error again.
      query.state.error = reviveError(query.state.error);
    }
    hydrate(queryClient, serverQueries);
    // The server's settings are stored like fetched ones (spec 8's fallback, website_settings).
    rememberServerSettings(queryClient.getQueryData<LoadedSettings>(websiteSettingsQueryKey));
    // The page was drawn with those errors shown: mounting shows them too instead of loading again.
    for (const query of serverQueries.queries)
      if (query.state.status === 'error') queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
  return queryClient;
}

function reviveError(error: Error | null): Error | null {
  if (!error || typeof error !== 'object' || !('status' in error) || typeof error.status !== 'number') return error;
  const { status, body, retryAfterSeconds } = error as {
    status: number;
    body?: unknown;
    retryAfterSeconds?: number | null;
  };
  return new ApiRequestError(status, body ?? null, retryAfterSeconds ?? null);
}
