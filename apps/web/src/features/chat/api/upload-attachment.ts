import { type UploadedFile, uploadedFileSchema } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/** POST /api/v1/files/upload, multipart field `file`: an image of at most 5 MB; answers `{ file: { id, path } }`. */
export async function uploadAttachment(file: File, signal?: AbortSignal): Promise<UploadedFile['file']> {
  const body = new FormData();
  body.append('file', file);
  const answer = uploadedFileSchema.parse(
    await apiRequest<unknown>('/api/v1/files/upload', { method: 'POST', body, signal }),
  );
  return answer.file;
}
