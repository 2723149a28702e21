/**
 * The operator commands' plain helpers: their refusal, the URL and summary texts. What they read from
 * a database is `db/inventory.ts`.
 */

/** A refusal the operator can act on: printed as one message, exit code 1. */
export class OperatorRefusal extends Error {}

/** The URL without its password, for messages. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/** At most five reasons, then how many more. */
export function describeReasons(reasons: string[]): string {
  const shown = reasons.slice(0, 5).join('; ');
  return reasons.length > 5 ? `${shown}; and ${reasons.length - 5} more` : shown;
}

/** The lines where two summaries differ (empty: the same). */
export function differences(label: string, left: unknown, right: unknown): string[] {
  if (left === null || right === null || typeof left !== 'object' || typeof right !== 'object') {
    return Object.is(left, right) || JSON.stringify(left) === JSON.stringify(right)
      ? []
      : [`${label}: ${JSON.stringify(left)} <> ${JSON.stringify(right)}`];
  }
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].flatMap((key) =>
    differences(
      `${label}.${key}`,
      (left as Record<string, unknown>)[key] ?? null,
      (right as Record<string, unknown>)[key] ?? null,
    ),
  );
}

/** "wallet 150.000 KWD" style sums for the printed summary (fils -> KWD, three decimals). */
export function kwd(fils: string | number): string {
  const value = BigInt(fils);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 1000n}.${(abs % 1000n).toString().padStart(3, '0')} KWD`;
}
