import { normalizeSearchText } from '@ustaz/contract';

export type TeacherSearchSources = {
  firstName: string;
  lastName: string;
  bioAr: string;
  bioEn: string;
  majorAr: string;
  majorEn: string;
  subjects: { nameAr: string; nameEn: string }[];
};

/**
 * What a teacher is found by: names, bio, major and subject names in both languages, through the
 * one shared normaliser (the query goes through it too), each word once.
 */
export function teacherSearchText(sources: TeacherSearchSources): string {
  const text = [
    sources.firstName,
    sources.lastName,
    sources.majorAr,
    sources.majorEn,
    ...sources.subjects.flatMap((subject) => [subject.nameAr, subject.nameEn]),
    sources.bioAr,
    sources.bioEn,
  ].join(' ');
  return [...new Set(normalizeSearchText(text).split(' ').filter(Boolean))].join(' ');
}
