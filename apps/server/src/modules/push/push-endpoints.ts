/**
 * The push services a subscription's endpoint may point at (issue 19): the server POSTs to that
 * address, so it is never an arbitrary one. https on the default port of these hosts (a `*.`
 * entry is any subdomain of it), plus the operator's PUSH_ENDPOINT_HOSTS, taken as exact
 * `host[:port]` entries on which plain http is allowed too (a local stand-in for a push service,
 * in tests and demos).
 */
export const KNOWN_PUSH_HOSTS = [
  // Chrome, Edge on Android, Opera, Samsung Internet (Firebase Cloud Messaging)
  'fcm.googleapis.com',
  'android.googleapis.com',
  // Firefox (Mozilla autopush)
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  // Edge on Windows (Windows Push Notification Services)
  '*.notify.windows.com',
  // Safari on macOS and iOS, and web apps added to the home screen
  'web.push.apple.com',
  '*.push.apple.com',
] as const;

function hostMatches(hostname: string, pattern: string): boolean {
  if (pattern.startsWith('*.')) return hostname.endsWith(pattern.slice(1)) && hostname.length > pattern.length - 1;
  return hostname === pattern;
}

/** Whether the server may send pushes to this endpoint. */
export function pushEndpointAllowed(endpoint: string, extraHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.host.toLowerCase();
  if (extraHosts.some((extra) => extra.toLowerCase() === host))
    return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const hostname = url.hostname.toLowerCase();
  return KNOWN_PUSH_HOSTS.some((pattern) => hostMatches(hostname, pattern));
}
