import type { Language } from '@ustaz/contract';
import { random } from './seed-random.ts';

/**
 * Published reviews in each language on a demo teacher's page (the three demo teacher accounts):
 * more than the page's first page of reviews (10, `reviewsQuerySchema`'s default limit), so the
 * first page in Arabic shows only Arabic reviews and the one in English only English ones (issue 30
 * item 6). The other seeded teachers have a few lessons each, the page's language's reviews first.
 */
export const PUBLISHED_REVIEWS_PER_LANGUAGE = 12;

/** A lesson this many days back or more is past its review window: its review is published by time (ADR 015). */
const PUBLISHED_DAYS_BACK = 16;

export type PastLesson = {
  teacherId: number;
  teacherUserId: number;
  studentId: number;
  start: Date;
  rating: number;
  /** The student wrote a review (always for a lesson past its review window). */
  reviewed: boolean;
};

type Person = { id: number };

/**
 * Each new teacher's past lessons, a few days apart and back some months, in turn with a student
 * who writes Arabic and one who writes English (a student writes in the script of their name). A
 * demo teacher gets lessons until `PUBLISHED_REVIEWS_PER_LANGUAGE` in each language are past the
 * review window, each of those reviewed; another teacher 2 to 10 lessons. Recent lessons are
 * reviewed sometimes (some still unpublished). The demo student had the first, most recent, lesson
 * with each of the first five teachers. A student has one lesson at a time: a student busy then
 * leaves the lesson to the next one of the pool.
 */
export function planPastLessons({
  teachers,
  demoStudent,
  students,
  at,
}: {
  teachers: { id: number; userId: number; index: number; demo: boolean }[];
  demoStudent: Person | undefined;
  /** The seeded students by the language they write (the demo student not among them). */
  students: Record<Language, readonly Person[]>;
  /** The lesson's start, `daysBack` Kuwait days before today at `hour` Kuwait time. */
  at: (daysBack: number, hour: number) => Date;
}): PastLesson[] {
  const lessons: PastLesson[] = [];
  const busy = new Set<string>();
  for (const teacher of teachers) {
    const { index } = teacher;
    const next = random(index + 1);
    const count = 2 + Math.floor(next() * 9);
    const spacing = teacher.demo ? 3.5 + next() * 1.5 : 5 + next() * 7;
    const published: Record<Language, number> = { ar: 0, en: 0 };
    const done = (j: number) =>
      teacher.demo
        ? published.ar >= PUBLISHED_REVIEWS_PER_LANGUAGE && published.en >= PUBLISHED_REVIEWS_PER_LANGUAGE
        : j >= count;
    for (let j = 0; !done(j); j++) {
      const language: Language = (j + index) % 2 === 0 ? 'ar' : 'en';
      const daysBack = 2 + Math.round(j * spacing) + (index % 3);
      const start = at(daysBack, 16 + ((index + j) % 5));
      const pool = students[language];
      const first = Math.floor(next() * pool.length);
      const free = pool.map((_, k) => pool[(first + k) % pool.length]).find((s) => s && !busy.has(`${s.id}@${+start}`));
      const student = index < 5 && j === 0 && demoStudent ? demoStudent : (free ?? pool[first]);
      if (!student) continue;
      busy.add(`${student.id}@${+start}`);
      const roll = next();
      const pastWindow = daysBack >= PUBLISHED_DAYS_BACK;
      if (pastWindow) published[language] += 1;
      lessons.push({
        teacherId: teacher.id,
        teacherUserId: teacher.userId,
        studentId: student.id,
        start,
        // Mostly 4 and 5 stars, some 3, a few 2.
        rating: roll < 0.05 ? 2 : roll < 0.15 ? 3 : roll < 0.42 ? 4 : 5,
        reviewed: (teacher.demo && pastWindow) || next() < 0.85,
      });
    }
  }
  return lessons;
}
