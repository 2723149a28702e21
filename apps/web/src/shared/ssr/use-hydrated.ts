import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and during hydration of a server-rendered page, true from then on (and from
 * the first render of a page drawn by the client alone). What only the browser knows (the stored
 * session, the time zone) renders after it turns true, so the hydrating render matches the
 * server's HTML (ADR 021).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
