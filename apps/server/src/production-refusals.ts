/** The parsed variables `productionProblems` looks at (config.ts's envSchema output). */
export type ProductionEnv = {
  PAYZAH_PRIVATE_KEY?: string | undefined;
  DEEMA_API_KEY?: string | undefined;
  DEEMA_WEBHOOK_SECRET?: string | undefined;
  PAYMENTS_SANDBOX: boolean;
  SMTP_URL?: string | undefined;
  MAIL_OUTBOX: boolean;
  JWT_SECRET?: string | undefined;
  TEST_CLOCK_OFFSET_SECONDS: number;
  SEED_DEMO_DATA?: boolean | undefined;
  DEMO_DEPLOYMENT: boolean;
  PUBLIC_URL?: string | undefined;
  PLAIN_HTTP_PUBLIC_URL?: string | undefined;
  GOOGLE_SANDBOX?: boolean | undefined;
};

/** Fewer distinct characters than this and a JWT_SECRET is a placeholder or a pattern, not a key. */
export const JWT_SECRET_MIN_DISTINCT = 16;

const sameUrl = (a: string, b: string) => new URL(a).href === new URL(b).href;

/**
 * PUBLIC_URL is the address of every link the server writes (mails, gateways' return addresses):
 * plain http would send tokens in the clear. Accepted only when the operator names that very
 * address in PLAIN_HTTP_PUBLIC_URL (TLS ends in front of it, at that address).
 */
function publicUrlProblem(e: ProductionEnv): string | undefined {
  if (!e.PUBLIC_URL) return 'PUBLIC_URL is unset (the https address of the site, used in every link the server writes)';
  if (new URL(e.PUBLIC_URL).protocol === 'https:') return undefined;
  const optIn = e.PLAIN_HTTP_PUBLIC_URL;
  if (optIn && sameUrl(optIn, e.PUBLIC_URL)) return undefined;
  if (optIn) return `PLAIN_HTTP_PUBLIC_URL ${optIn} is not PUBLIC_URL ${e.PUBLIC_URL} (it must name the same address)`;
  return `PUBLIC_URL ${e.PUBLIC_URL} is not https (set the https address, or PLAIN_HTTP_PUBLIC_URL=${e.PUBLIC_URL} if TLS ends in front of it at that address)`;
}

/**
 * What production may not run with: a payment gateway on the local sandbox (anyone could "pay"
 * with its Pay button), mail that never leaves the machine (and is logged with its links), a
 * JWT key made up on this host or too plain to be a key, the demo accounts (their password is in
 * the README), links over plain http, the Google sign-in sandbox (anyone could sign in as anyone).
 * Each has an explicit opt-in, except the key and the Google sandbox; the demo needs two. One
 * clause per problem, for `ConfigRefusedError`'s one line.
 */
export function productionProblems(e: ProductionEnv): string[] {
  const problems: string[] = [];
  const withoutKeys = [
    ...(e.PAYZAH_PRIVATE_KEY ? [] : ['Payzah (PAYZAH_PRIVATE_KEY)']),
    ...(e.DEEMA_API_KEY && e.DEEMA_WEBHOOK_SECRET ? [] : ['Deema (DEEMA_API_KEY and DEEMA_WEBHOOK_SECRET)']),
  ];
  if (withoutKeys.length > 0 && !e.PAYMENTS_SANDBOX) {
    problems.push(
      `no keys for ${withoutKeys.join(' or ')}, which would run on the sandbox gateway (set the keys, or PAYMENTS_SANDBOX=true)`,
    );
  }
  if (!e.SMTP_URL && !e.MAIL_OUTBOX) problems.push('SMTP_URL is unset (set it, or MAIL_OUTBOX=true)');
  if (!e.JWT_SECRET) problems.push('JWT_SECRET is unset (32 characters or more)');
  else {
    const distinct = new Set(e.JWT_SECRET).size;
    if (distinct < JWT_SECRET_MIN_DISTINCT)
      problems.push(
        `JWT_SECRET has ${distinct === 1 ? 'one character repeated' : `only ${distinct} distinct characters`} (a random key has ${JWT_SECRET_MIN_DISTINCT} or more: openssl rand -base64 48)`,
      );
  }
  if (e.TEST_CLOCK_OFFSET_SECONDS !== 0)
    problems.push('TEST_CLOCK_OFFSET_SECONDS is not 0 (it is for tests and demos)');
  if (e.SEED_DEMO_DATA === true && !e.DEMO_DEPLOYMENT)
    problems.push(
      'SEED_DEMO_DATA=true would add the demo accounts, whose password is in the README (unset it, or add DEMO_DEPLOYMENT=true for a demo deployment)',
    );
  if (e.GOOGLE_SANDBOX === true)
    problems.push(
      'GOOGLE_SANDBOX=true would let anyone sign in as any Google address (unset it; GOOGLE_CLIENT_ID turns on Google sign-in)',
    );
  const publicUrl = publicUrlProblem(e);
  if (publicUrl) problems.push(publicUrl);
  return problems;
}
