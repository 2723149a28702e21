import { REGISTRATION_ROLE_ID, type RegisterBody } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/** POST /api/v1/auth/email/register; the role is always 3 (student). 422 `errors.email` emailAlreadyExists; 403 registrationDisabled. */
export async function registerWithEmail(body: Omit<RegisterBody, 'roleId'>): Promise<void> {
  await apiRequest('/api/v1/auth/email/register', (contract) => contract.registerResponseSchema, {
    method: 'POST',
    body: { ...body, roleId: REGISTRATION_ROLE_ID },
  });
}
