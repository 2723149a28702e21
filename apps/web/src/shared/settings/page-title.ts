import { useEffect, useSyncExternalStore } from 'react';

/**
 * A page's own title (a teacher's name and subjects), which wins over its route's title from
 * `common.titles`: the layout's `usePageTitle` reads it, whichever of the two effects runs last,
 * so the title the server wrote for the page (apps/server/src/web/page-head.ts) stays after load.
 */
let ownTitle: string | null = null;
const listeners = new Set<() => void>();

function setOwnTitle(title: string | null) {
  if (title === ownTitle) return;
  ownTitle = title;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Gives the page its own title while it is shown (null: the route's title). */
export function useOwnPageTitle(title: string | null): void {
  useEffect(() => {
    setOwnTitle(title);
    return () => setOwnTitle(null);
  }, [title]);
}

/** The title the shown page set for itself, or null. */
export function useOwnPageTitleValue(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => ownTitle,
    () => null,
  );
}
