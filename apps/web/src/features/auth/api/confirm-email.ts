import { apiRequest } from '../../../shared/http/client.ts';
import { useOncePerHash } from './once-per-hash.ts';

/** POST /api/v1/auth/email/confirm. 422 `errors.hash` invalidHash | hashExpired | emailAlreadyConfirmed. */
export async function confirmEmail(hash: string): Promise<void> {
  await apiRequest('/api/v1/auth/email/confirm', (contract) => contract.okResponseSchema, {
    method: 'POST',
    body: { hash },
  });
}

/** Confirms once per hash: a confirmation link is single-use (a query's answer may not be undefined: true). */
export function useConfirmEmail(hash: string | null) {
  return useOncePerHash('confirm-email', hash, async (link) => {
    await confirmEmail(link);
    return true;
  });
}
