import type { Language } from '@ustaz/contract';
import type { AuthContext } from './auth-context.ts';

/** A mailed link into the web app: `/{language}{path}?query` on the public URL. */
export function mailedLink(publicUrl: string, language: Language, path: string, query: Record<string, string>) {
  const url = new URL(`/${language}${path}`, publicUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** After the commit that queued a mail: try to send it now, not at the worker's next round (the outbox keeps it on failure). */
export function deliverSoon({ mailer }: Pick<AuthContext, 'mailer'>) {
  void mailer.flush().catch(() => {});
}
