import type { adminSubjectsQuerySchema } from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';
import { adminRow } from '../../ui/admin-mutation.ts';
import { adminListQuery } from '../../ui/admin-query.ts';

export const ADMIN_SUBJECTS_QUERY_KEY = ['admin', 'subjects'] as const;

/** The writes of a subject (answered as `{ subject }`). */
export const SUBJECT_ROW = adminRow(
  '/api/v1/admin/subjects',
  (contract) => contract.adminSubjectResponseSchema,
  'subject',
);

export type AdminSubjectsQuery = z.output<typeof adminSubjectsQuerySchema>;

/** GET /api/v1/admin/subjects?search&isActive&page&limit: every subject, inactive ones too. */
export const useAdminSubjects = adminListQuery(ADMIN_SUBJECTS_QUERY_KEY, (query: AdminSubjectsQuery, signal) =>
  apiRequest('/api/v1/admin/subjects', (contract) => contract.adminSubjectsResponseSchema, { query, signal }),
);
