import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type SubjectRow, subjects } from '../../db/schema.ts';
import { containsAllWords } from '../../db/text-search.ts';

export type SubjectFilter = { isActive?: boolean; words: string[] };
export type SubjectPage = { limit: number; offset: number; orderByName: 'ar' | 'en' };

function whereOf(filter: SubjectFilter): SQL | undefined {
  return and(
    filter.isActive === undefined ? undefined : eq(subjects.isActive, filter.isActive),
    containsAllWords(subjects.searchText, filter.words),
  );
}

export async function listSubjects(
  db: Executor,
  filter: SubjectFilter,
  page: SubjectPage,
): Promise<{ rows: SubjectRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(subjects)
      .where(where)
      .orderBy(
        asc(subjects.sortOrder),
        asc(page.orderByName === 'en' ? subjects.nameEn : subjects.nameAr),
        asc(subjects.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(subjects).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findSubjectsByIds(db: Executor, ids: number[]): Promise<SubjectRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(subjects).where(inArray(subjects.id, ids));
}

/** Inserts subjects; ones whose English name already exists are skipped (seeding is idempotent). */
export async function insertSubjects(db: Executor, values: (typeof subjects.$inferInsert)[]): Promise<SubjectRow[]> {
  if (values.length === 0) return [];
  return db.insert(subjects).values(values).onConflictDoNothing().returning();
}

export async function findSubject(db: Executor, id: number): Promise<SubjectRow | undefined> {
  const [row] = await db.select().from(subjects).where(eq(subjects.id, id)).limit(1);
  return row;
}

export async function findSubjectByNameEn(db: Executor, nameEn: string): Promise<SubjectRow | undefined> {
  const [row] = await db.select().from(subjects).where(sql`lower(${subjects.nameEn}) = lower(${nameEn})`).limit(1);
  return row;
}

export async function updateSubject(
  db: Executor,
  id: number,
  values: Partial<Omit<typeof subjects.$inferInsert, 'id' | 'createdAt'>>,
): Promise<SubjectRow | undefined> {
  const set = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length === 0) return findSubject(db, id);
  const [row] = await db.update(subjects).set(set).where(eq(subjects.id, id)).returning();
  return row;
}

export async function allSubjects(db: Executor): Promise<SubjectRow[]> {
  return db.select().from(subjects).orderBy(asc(subjects.id));
}
