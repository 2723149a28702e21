import { useQuery } from '@tanstack/react-query';

/**
 * Sends a mailed link's hash once (`send`), under ['auth', `name`, hash]: such a link works once,
 * so a second call (a remount in development, a re-render) must reuse the first answer, never send
 * the hash again. Nothing is sent without a hash.
 */
export function useOncePerHash<T>(name: string, hash: string | null, send: (hash: string) => Promise<T>) {
  return useQuery({
    queryKey: ['auth', name, hash],
    queryFn: () => send(hash ?? ''),
    enabled: hash !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
