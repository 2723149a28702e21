import type { FilePurpose, UploadedFile, User } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/** POST /api/v1/files/upload?purpose=…: a profile photo (`public`) or a certificate (image or PDF). */
export function uploadApplicationFile(file: File, purpose: FilePurpose): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest('/api/v1/files/upload', (contract) => contract.uploadedFileSchema, {
    method: 'POST',
    body,
    query: { purpose },
  });
}

/** PATCH /api/v1/auth/me `{ photo: { id } }`: the uploaded photo becomes the user's. */
export function setProfilePhoto(id: string): Promise<User> {
  return apiRequest('/api/v1/auth/me', (contract) => contract.userSchema, { method: 'PATCH', body: { photo: { id } } });
}
