import { useQuery } from '@tanstack/react-query';
import type { Receipt } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';

/** The page's id (`pay…` or `lesson-{n}`, contract `RECEIPT_ID_PATTERN`) as the API path of its receipt; null for anything else. */
export function receiptPath(id: string): string | null {
  if (/^pay[0-9a-f]{24}$/.test(id)) return `/api/v1/payments/${id}/receipt`;
  const lesson = /^lesson-([1-9][0-9]{0,9})$/.exec(id);
  return lesson ? `/api/v1/reservations/${lesson[1]}/receipt` : null;
}

/**
 * GET /api/v1/payments/{id}/receipt or /api/v1/reservations/{id}/receipt: the receipt in the
 * request's language (the payer's and admins'; 404 for anyone else, 409 notPaid before it is paid).
 */
export function getReceipt(path: string, signal?: AbortSignal): Promise<Receipt> {
  return apiRequest(path, (contract) => contract.receiptSchema, { signal });
}

export function useReceipt(path: string | null) {
  // Per language: names, the package and the operator's address are the request language's.
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: ['receipt', path, language],
    queryFn: ({ signal }) => getReceipt(path ?? '', signal),
    enabled: path !== null,
    retry: false,
  });
}
