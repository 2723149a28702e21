import { type logNotFoundBodySchema, normalizeSearchText } from '@ustaz/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { storableText } from '../../db/storable-text.ts';
import { FieldValidationError } from '../../http/errors.ts';
import { insertNotFoundLog } from './search.repo.ts';

export function createSearchService(db: Db) {
  return {
    /** Records a search that found nothing (a subject typed by hand, an empty teacher search). */
    async logNotFound(body: z.output<typeof logNotFoundBodySchema>, userId: number | null) {
      const keywords = storableText(body.keywords).trim();
      if (!keywords) throw new FieldValidationError({ keywords: 'required' });
      await insertNotFoundLog(db, {
        keywords,
        normalized: normalizeSearchText(keywords),
        searchType: body.searchType,
        userId,
      });
      return { success: true as const };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
