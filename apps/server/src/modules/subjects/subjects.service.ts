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
  /** Other words a search finds it by, in each language (admin-edited; ADR 007). */
  synonymsAr?: readonly string[];
  synonymsEn?: readonly string[];
};

/** What a subject is found by (its names and synonyms in both languages). */
export type SubjectSearchSources = Pick<NewSubject, 'nameAr' | 'nameEn' | 'synonymsAr' | 'synonymsEn'>;

/** The words of a subject's names and synonyms in both languages (its own and its teachers' search text). */
export function subjectSearchWords(subject: SubjectSearchSources): string[] {
  return [subject.nameAr, subject.nameEn, ...(subject.synonymsAr ?? []), ...(subject.synonymsEn ?? [])];
}

/** What a subject is found by: both names and the synonyms through the shared normaliser, each word once. */
export function subjectSearchText(subject: SubjectSearchSources): string {
  const words = normalizeSearchText(subjectSearchWords(subject).join(' ')).split(' ').filter(Boolean);
  return [...new Set(words)].join(' ');
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
        values.map((value) => ({
          ...value,
          synonymsAr: [...(value.synonymsAr ?? [])],
          synonymsEn: [...(value.synonymsEn ?? [])],
          searchText: subjectSearchText(value),
        })),
      );
    },

    /**
     * Changes a subject (admin, seed); new names or synonyms rewrite its search text (its teachers'
     * follow through the teachers service's `reindexTeachersOf`). Answers the row, or undefined for
     * an unknown id. A taken English name fails with the unique violation of the index.
     */
    async update(executor: Executor, id: number, values: Partial<NewSubject>) {
      const current = await findSubject(executor, id);
      if (!current) return undefined;
      const sources: SubjectSearchSources = {
        nameAr: values.nameAr ?? current.nameAr,
        nameEn: values.nameEn ?? current.nameEn,
        synonymsAr: values.synonymsAr ?? current.synonymsAr,
        synonymsEn: values.synonymsEn ?? current.synonymsEn,
      };
      const searchText = subjectSearchText(sources);
      return updateSubject(executor, id, {
        ...values,
        synonymsAr: values.synonymsAr && [...values.synonymsAr],
        synonymsEn: values.synonymsEn && [...values.synonymsEn],
        ...(searchText === current.searchText ? {} : { searchText }),
      });
    },

    /** The subject with this English name in any letter case, if one exists. */
    findByNameEn: (nameEn: string, executor: Executor = db) => findSubjectByNameEn(executor, nameEn),
    findByIds: (ids: number[], executor: Executor = db) => findSubjectsByIds(executor, ids),
    all: (executor: Executor = db) => allSubjects(executor),
  };
}

export type SubjectsService = ReturnType<typeof createSubjectsService>;
