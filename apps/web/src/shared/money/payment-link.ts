/**
 * Opens a gateway's payment page in a new tab (spec 4). Returns false when the browser blocked the
 * tab, so the caller can offer the link as a button. `noopener` is set on the new window rather
 * than in the features, because with that feature window.open always returns null.
 */
export function openPaymentLink(url: string): boolean {
  const opened = window.open(url, '_blank');
  if (!opened) return false;
  try {
    opened.opener = null;
  } catch {
    // A cross-origin window may refuse it; the page is already on its way.
  }
  return true;
}
