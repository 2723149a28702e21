import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type DataRouter, RouterProvider } from 'react-router';
import { useHydrated } from '../shared/ssr/use-hydrated.ts';
import { AppToaster } from '../shared/ui/toast.tsx';

export { createQueryClient, SERVER_DATA_FRESH_MS } from './query-client.ts';

export function App({ router, queryClient }: { router: DataRouter; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ClientToaster />
    </QueryClientProvider>
  );
}

/** The toaster exists in the browser only: after hydration, never in the server's HTML. */
function ClientToaster() {
  return useHydrated() ? <AppToaster /> : null;
}
