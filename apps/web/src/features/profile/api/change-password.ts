import type { User } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/**
 * PATCH /api/v1/auth/me with the current and the new password: the updated user. 422
 * `oldPassword: 'incorrectPassword' | 'required'`, `password: 'tooShort'`; the other sessions end.
 */
export async function changePassword(body: { oldPassword: string; password: string }): Promise<User> {
  return apiRequest('/api/v1/auth/me', (contract) => contract.userSchema, { method: 'PATCH', body });
}
