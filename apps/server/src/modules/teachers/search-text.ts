import { normalizeSearchText } from '@ustaz/contract';
import type { NameSpellings } from '../../http/language.ts';
import { type SubjectSearchSources, subjectSearchWords } from '../subjects/subjects.service.ts';

export type TeacherSearchSources = Pick<NameSpellings, 'firstName' | 'lastName'> &
  Partial<NameSpellings> & {
    bioAr: string;
    bioEn: string;
    majorAr: string;
    majorEn: string;
    /** With the subjects' synonyms when known (a search for a synonym finds the teacher). */
    subjects: SubjectSearchSources[];
  };

/**
 * What a teacher is found by: names (as written and as spelled for each language), bio, major, subject names and subject synonyms in both
 * languages, through the one shared normaliser (the query goes through it too), each word once.
 */
export function teacherSearchText(sources: TeacherSearchSources): string {
  const text = [
    sources.firstName,
    sources.lastName,
    sources.firstNameAr ?? '',
    sources.lastNameAr ?? '',
    sources.firstNameEn ?? '',
    sources.lastNameEn ?? '',
    sources.majorAr,
    sources.majorEn,
    ...sources.subjects.flatMap(subjectSearchWords),
    sources.bioAr,
    sources.bioEn,
  ].join(' ');
  return [...new Set(normalizeSearchText(text).split(' ').filter(Boolean))].join(' ');
}
