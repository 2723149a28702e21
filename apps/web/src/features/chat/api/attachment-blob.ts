import { getAccessToken } from '../../../shared/auth/token-storage.ts';
import { ApiRequestError, refreshAccessToken } from '../../../shared/http/client.ts';

/** Fetched images kept for a while, so a message scrolled out and back is not downloaded again. */
const KEPT = 60;
const kept = new Map<string, Promise<Blob>>();

async function download(path: string, token: string | null): Promise<Blob> {
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiRequestError(response.status, null);
  return response.blob();
}

async function downloadSignedIn(path: string): Promise<Blob> {
  const sent = getAccessToken();
  try {
    return await download(path, sent);
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status !== 401 || !sent) throw error;
  }
  // The access token expired on the way: renew the session once (or use a token renewed meanwhile).
  const current = getAccessToken();
  return download(path, current && current !== sent ? current : await refreshAccessToken());
}

/**
 * GET /api/v1/files/{id} of a chat image: private to the conversation's two participants, so it
 * is fetched with the access token (an <img src> would send none) and shown from a blob.
 */
export function attachmentBlob(path: string): Promise<Blob> {
  const known = kept.get(path);
  if (known) return known;
  const loading = downloadSignedIn(path);
  kept.set(path, loading);
  loading.catch(() => kept.delete(path));
  if (kept.size > KEPT) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
  return loading;
}
