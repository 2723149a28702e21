import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '../../../../shared/http/client.ts';

/** POST /api/v1/admin/users/:id/resend-confirmation: mails a new confirmation link (e-mail accounts). */
export async function resendConfirmation(id: number): Promise<void> {
  await apiRequest(`/api/v1/admin/users/${id}/resend-confirmation`, (contract) => contract.adminOkResponseSchema, {
    method: 'POST',
  });
}

export function useResendConfirmation(id: number) {
  return useMutation({ mutationFn: () => resendConfirmation(id) });
}
