import { dehydrate, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../shared/http/client.ts';
import { type ServerRenderData, scriptSafeJson } from '../shared/ssr/server-render-data.ts';
import { createQueryClient } from './app.tsx';

/** A query as a page's component runs it: no staleTime of its own (the app's default applies). */
function Greeting() {
  const query = useQuery({
    queryKey: ['greeting', 'en'],
    queryFn: () => fetch('/api/greeting').then((res) => res.json() as Promise<{ text: string }>),
  });
  return <p>{query.data?.text ?? 'pending'}</p>;
}

/** The queries a server render dehydrated, through the page's JSON block and back. */
function serverQueries(): ServerRenderData['queries'] {
  const server = new QueryClient();
  server.setQueryData(['greeting', 'en'], { text: 'Hello from the server' });
  return JSON.parse(scriptSafeJson(dehydrate(server)));
}

describe("the browser's query client after a server render (ADR 021)", () => {
  it('starts from the data the server used and does not fetch it again on mount', async () => {
    const fetchSpy = vi.fn(async () => Response.json({ text: 'Hello from the browser' }));
    vi.stubGlobal('fetch', fetchSpy);
    render(
      <QueryClientProvider client={createQueryClient(serverQueries())}>
        <Greeting />
      </QueryClientProvider>,
    );
    // Drawn with the server's data at once: what the hydrating render must match.
    expect(screen.getByText('Hello from the server')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('fetches as before when the page came without server data', async () => {
    const fetchSpy = vi.fn(async () => Response.json({ text: 'Hello from the browser' }));
    vi.stubGlobal('fetch', fetchSpy);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Greeting />
      </QueryClientProvider>,
    );
    expect(screen.getByText('pending')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Hello from the browser')).toBeTruthy());
    expect(fetchSpy).toHaveBeenCalledOnce();
  });

  it("hands a not-found answer back as the HTTP client's error, so the page shows the same state", async () => {
    const server = new QueryClient();
    await server
      .fetchQuery({
        queryKey: ['teacher', 5],
        queryFn: () => Promise.reject(new ApiRequestError(404, { message: 'Teacher not found' })),
      })
      .catch(() => undefined);
    const dehydrated = JSON.parse(
      scriptSafeJson(dehydrate(server, { shouldDehydrateQuery: () => true })),
    ) as ServerRenderData['queries'];
    const client = createQueryClient(dehydrated);
    expect(client.getQueryDefaults(['teacher', 5]).retryOnMount).toBe(false);
    const error = client.getQueryState(['teacher', 5])?.error;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(404);
    expect((error as ApiRequestError).message).toBe('Teacher not found');
  });
});
