/**
 * A `mailto:` address with a prefilled subject and body. Each part is percent-encoded with
 * encodeURIComponent (spaces as %20, line breaks as %0A): URLSearchParams would write spaces as
 * `+`, which many mail apps show literally.
 */
export function buildMailtoHref(email: string, fields: { subject?: string; body?: string } = {}): string {
  const query = Object.entries(fields)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return `mailto:${encodeURI(email.trim())}${query ? `?${query}` : ''}`;
}

/** A `tel:` address: only digits and a leading plus are kept (`+965 2227 0000` -> `tel:+96522270000`). */
export function buildTelHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}
