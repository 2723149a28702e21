import { isIP } from 'node:net';

/**
 * TRUST_PROXY (issue 29): the proxies in front of the app, by address, so a client cannot choose
 * its own. The client's address is then the right-most X-Forwarded-For entry that is not one of
 * them: everything a proxy named here did not write itself (a client's own `X-Forwarded-For:
 * 1.2.3.4`) is ignored, and a request that does not come from one of them has its header ignored
 * whole. Fastify's `trustProxy: true` would instead take the left-most entry, which the client
 * writes; a hop count cannot tell a proxy from a client connecting to the app directly (Fastify 5
 * trusts nothing for one). Both are refused with a message saying what to write instead.
 *
 * Each entry: an IPv4 or IPv6 address, a CIDR range (`10.0.0.0/8`, `fd00::/8`), or one of the
 * names `loopback` (127.0.0.1/8, ::1), `linklocal` (169.254.0.0/16, fe80::/10) and `uniquelocal`
 * (10/8, 172.16/12, 192.168/16, fc00::/7), comma-separated. Unset, empty, `false` or `0`: no proxy.
 */
export const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;

const INSTEAD =
  'name the proxies instead: their addresses or CIDR ranges, or loopback, linklocal or uniquelocal, comma-separated (e.g. TRUST_PROXY=127.0.0.1 for nginx on the same host, TRUST_PROXY=uniquelocal for one on a private network)';

/** One entry of TRUST_PROXY, or why it is refused. */
function entryProblem(entry: string): string | null {
  if ((TRUST_PROXY_NAMES as readonly string[]).includes(entry)) return null;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return `"${entry}" is not an address, a CIDR range or a known name`;
  if (prefix === undefined) return null;
  const bits = version === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return `"${entry}" has a prefix outside 0-${bits}`;
  if (Number(prefix) === 0) return `"${entry}" is every address, which lets any client choose its own`;
  return null;
}

/**
 * The proxies TRUST_PROXY names (what Fastify's `trustProxy` takes), `false` for none, or a
 * problem (one sentence) for a value that would let a client choose its address.
 */
export function parseTrustProxy(text: string | undefined): { proxies: string[] | false } | { problem: string } {
  const value = (text ?? '').trim();
  if (['', 'false', '0'].includes(value.toLowerCase())) return { proxies: false };
  if (['true', '1'].includes(value.toLowerCase())) {
    return {
      problem: `${value} would trust every address, so a client could choose its own by sending X-Forwarded-For: ${INSTEAD}`,
    };
  }
  if (/^\d+$/.test(value)) {
    return {
      problem: `a hop count (${value}) cannot tell a proxy from a client connecting directly: ${INSTEAD}`,
    };
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  for (const entry of entries) {
    const problem = entryProblem(entry);
    if (problem) return { problem: `${problem}: ${INSTEAD}` };
  }
  return { proxies: entries.length > 0 ? entries : false };
}
