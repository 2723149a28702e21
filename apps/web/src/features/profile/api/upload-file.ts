import type { UploadedFile } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/** POST /api/v1/files/upload, multipart field `file`: 201 `{ file: { id, path } }`; 413 too large; 422 `errors.file` invalidType. */
export async function uploadFile(file: File): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest('/api/v1/files/upload', (contract) => contract.uploadedFileSchema, { method: 'POST', body });
}
