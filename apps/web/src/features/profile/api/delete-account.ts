import type { DeleteMeBody } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/**
 * DELETE /api/v1/auth/me: the account is anonymised and every session ends. 409
 * `hasUpcomingReservations` while lessons are ahead; 422 `password: 'incorrectPassword' | 'required'`.
 */
export async function deleteAccount(body: DeleteMeBody): Promise<void> {
  await apiRequest('/api/v1/auth/me', (contract) => contract.okResponseSchema, { method: 'DELETE', body });
}
