import type { UpdateMeBody, User } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/** PATCH /api/v1/auth/me: the updated user. 422 field codes (`firstName: 'required'`, `email: 'readOnly'`). */
export async function updateMe(body: UpdateMeBody): Promise<User> {
  return apiRequest('/api/v1/auth/me', (contract) => contract.userSchema, { method: 'PATCH', body });
}
