import { apiRequest } from '../../../shared/http/client.ts';

/** POST /api/v1/search/log-not-found (201): a subject the list lacks. A failure is only logged. */
export async function logSubjectNotFound(keywords: string): Promise<void> {
  try {
    await apiRequest('/api/v1/search/log-not-found', (contract) => contract.okResponseSchema, {
      method: 'POST',
      body: { keywords, searchType: 'subject' },
    });
  } catch (error) {
    console.warn('Could not log the missing subject', error);
  }
}
