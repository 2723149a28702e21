import type { DehydratedState } from '@tanstack/react-query';

/** The id of the JSON block a server-rendered page carries (ADR 021). */
export const SERVER_RENDER_DATA_ID = 'ustaz-ssr';

/** What the server hands the browser beside the rendered HTML. */
export type ServerRenderData = {
  language: string;
  /** The namespaces the page used, as the locale files hold them: i18next starts from these. */
  texts: Record<string, Record<string, unknown>>;
  /** The queries the server ran (TanStack Query's dehydrate). */
  queries: DehydratedState;
  /** React Router's hydration data (no loaders: empty maps, kept for the router's contract). */
  router: { loaderData: Record<string, unknown>; actionData: Record<string, unknown> | null };
  /** The matched route's params (`lang`, a teacher's `id`): a guest's islands read them (ADR 038). */
  params?: Record<string, string | undefined>;
};

/**
 * JSON safe inside a <script> element: `<` is written `\u003c` (no `</script>` or `<!--` can close
 * or change it), and the line separators JavaScript once refused are escaped too.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Reads the page's server-render data, or null for a page the client draws alone. */
export function readServerRenderData(doc: Pick<Document, 'getElementById'>): ServerRenderData | null {
  const text = doc.getElementById(SERVER_RENDER_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as ServerRenderData;
    return data && typeof data === 'object' && data.queries && data.texts ? data : null;
  } catch {
    return null;
  }
}
