import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../../shared/http/client.ts';

/** POST /api/v1/auth/email/confirm. 422 `errors.hash` invalidHash | hashExpired | emailAlreadyConfirmed. */
export async function confirmEmail(hash: string): Promise<void> {
  await apiRequest('/api/v1/auth/email/confirm', (contract) => contract.okResponseSchema, {
    method: 'POST',
    body: { hash },
  });
}

/**
 * Confirms once per hash: a confirmation link is single-use, so a second call (a remount in
 * development, a re-render) must reuse the first answer, never send the hash again.
 */
export function useConfirmEmail(hash: string | null) {
  return useQuery({
    queryKey: ['auth', 'confirm-email', hash],
    queryFn: async () => {
      await confirmEmail(hash ?? '');
      return true;
    },
    enabled: hash !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
