import type { UploadedFile } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/**
 * POST /api/v1/files/upload?purpose=chat, multipart field `file`: an image of at most 5 MB, private
 * to its owner and then to the conversation it is sent in; answers `{ file: { id, path } }`.
 * 429 `uploadQuotaExceeded` past the daily quota.
 */
export async function uploadAttachment(file: File, signal?: AbortSignal): Promise<UploadedFile['file']> {
  const body = new FormData();
  body.append('file', file);
  const answer = await apiRequest('/api/v1/files/upload', (contract) => contract.uploadedFileSchema, {
    method: 'POST',
    query: { purpose: 'chat' },
    body,
    signal,
  });
  return answer.file;
}
