import { dehydrate, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
});
