import type { FastifyInstance } from 'fastify';

/**
 * The security headers of every answer (RELIABILITY P1): exactly what @fastify/helmet gave with the
 * options below, computed once. The plugin rebuilt helmet's middleware on every request (its
 * options parsed again, each header through `res.setHeader`), about 2.5% of a signed-in request's
 * CPU; `security-headers.test.ts` checks these against the plugin with the same options.
 * Pages (web/index-html.ts), the payment page and /api/docs set their own content-security-policy,
 * which replaces this one.
 */
export const HELMET_OPTIONS = {
  // API answers get a locked-down policy; pages get their own nonce policy (web/index-html.ts).
  contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
  // Google sign-in opens a popup that must be able to answer the page.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
} as const;

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy':
    "default-src 'none';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';" +
    "img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';" +
    "style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests",
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/** Puts SECURITY_HEADERS on every answer, first thing (as helmet's onRequest hook did). */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(SECURITY_HEADERS);
    done();
  });
}
