/**
 * The service worker (public/sw.js, issue 19): installable app, offline page, Web Push. Production
 * builds only (not the dev server, not vitest), once the page has loaded (which may already be the
 * case: an entry that awaited something lets the load event pass). Both entries call it: the app
 * (main.tsx) and a guest's islands (islands/entry.tsx, ADR 038).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
