import { type Language, normalizeSearchText, type subjectsQuerySchema, toPage } from '@ustaz/contract';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { searchWords } from '../../db/text-search.ts';
import { toSubject } from './subject.presenter.ts';
import {
  allSubjects,
  findSubject,
  findSubjectByNameEn,
  findSubjectsByIds,
  insertSubjects,
  listSubjects,
  updateSubject,
} from './subjects.repo.ts';

export type NewSubject = {
  nameAr: string;
  nameEn: string;
  descriptionAr?: string;
  descriptionEn?: string;
  icon?: string;
  isActive?: boolean;
  sortOrder?: number;
};

/** What a subject is found by: both names through the shared normaliser. */
export function subjectSearchText(subject: { nameAr: string; nameEn: string }): string {
  return normalizeSearchText(`${subject.nameAr} ${subject.nameEn}`);
}

export function createSubjectsService(db: Db) {
  return {
    async list(query: z.output<typeof subjectsQuerySchema>, language: Language) {
      const { rows, total } = await listSubjects(
        db,
        { isActive: query.isActive, words: searchWords(query.search) },
        { limit: query.limit, offset: (query.page - 1) * query.limit, orderByName: language },
      );
      return toPage(
        rows.map((row) => toSubject(row, language)),
        total,
        query,
      );
    },

    /** Adds subjects (seed, tests, later the admin); an English name that exists already is skipped. */
    async create(executor: Executor, values: NewSubject[]) {
      return insertSubjects(
        executor,
        values.map((value) => ({ ...value, searchText: subjectSearchText(value) })),
      );
    },

    /**
     * Changes a subject (admin); new names rewrite its search text. Answers the row, or undefined
     * for an unknown id. A taken English name fails with the unique violation of the index.
     */
    async update(executor: Executor, id: number, values: Partial<NewSubject>) {
      const current = await findSubject(executor, id);
      if (!current) return undefined;
      const names = { nameAr: values.nameAr ?? current.nameAr, nameEn: values.nameEn ?? current.nameEn };
      const namesChanged = names.nameAr !== current.nameAr || names.nameEn !== current.nameEn;
      return updateSubject(executor, id, {
        ...values,
        ...(namesChanged ? { searchText: subjectSearchText(names) } : {}),
      });
    },

    /** The subject with this English name in any letter case, if one exists. */
    findByNameEn: (nameEn: string, executor: Executor = db) => findSubjectByNameEn(executor, nameEn),
    findByIds: (ids: number[], executor: Executor = db) => findSubjectsByIds(executor, ids),
    all: (executor: Executor = db) => allSubjects(executor),
  };
}

export type SubjectsService = ReturnType<typeof createSubjectsService>;
