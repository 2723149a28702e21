import type {
  AdminSubject,
  adminSubjectBodySchema,
  adminSubjectPatchSchema,
  adminSubjectsQuerySchema,
} from '@ustaz/contract';
import { toPage } from '@ustaz/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { searchWords } from '../../db/text-search.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { toAdminSubject } from './admin-catalog.presenter.ts';
import { findAdminSubject, listAdminSubjects } from './admin-catalog.repo.ts';
import type { AdminCatalogContext } from './admin-catalog-context.ts';
import { insertAudit } from './audit.repo.ts';
import { changedFields, hasChanges, storable } from './catalog-changes.ts';

/** The admin's subject list and subject writes. */

export type SubjectsQuery = z.output<typeof adminSubjectsQuerySchema>;
export type SubjectBody = z.output<typeof adminSubjectBodySchema>;
export type SubjectPatch = z.output<typeof adminSubjectPatchSchema>;

/** The fields of a subject that its search text and its teachers' are made of. */
const SEARCHED_SUBJECT_FIELDS = ['nameAr', 'nameEn', 'synonymsAr', 'synonymsEn'] as const;

const subjectNotFound = () => new HttpError(404, 'notFound', 'Subject not found');
const nameTaken = () => new FieldValidationError({ nameEn: 'alreadyExists' });

async function subjectView(executor: Executor, id: number): Promise<AdminSubject> {
  const row = await findAdminSubject(executor, id);
  if (!row) throw subjectNotFound();
  return toAdminSubject(row);
}

/** Runs a subject write; a unique violation of the English name (a race) is a 422 too. */
async function subjectWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function listSubjects({ db }: AdminCatalogContext, query: SubjectsQuery) {
  const { rows, total } = await listAdminSubjects(
    db,
    {
      words: searchWords(query.search),
      isActive: query.isActive === undefined ? undefined : query.isActive === 'true',
    },
    query,
  );
  return toPage(rows.map(toAdminSubject), total, query);
}

/** Adds a subject; an English name that exists in any letter case is 422 `alreadyExists`. */
export async function createSubject(
  { db, subjects }: AdminCatalogContext,
  actorId: number,
  body: SubjectBody,
): Promise<AdminSubject> {
  const values = storable(body);
  return subjectWrite(() =>
    db.transaction(async (tx) => {
      if (await subjects.findByNameEn(values.nameEn, tx)) throw nameTaken();
      const [row] = await subjects.create(tx, [values]);
      if (!row) throw nameTaken();
      await insertAudit(tx, {
        actorUserId: actorId,
        action: 'subject.create',
        entityType: 'subject',
        entityId: row.id,
        after: { ...values },
      });
      return subjectView(tx, row.id);
    }),
  );
}

/**
 * Changes a subject (isActive false deactivates it). New names or synonyms rewrite its search
 * text and that of every teacher teaching it, and drop the reused search totals; audited with
 * the changed fields.
 */
export async function patchSubject(
  { db, subjects, teachers }: AdminCatalogContext,
  actorId: number,
  id: number,
  patch: SubjectPatch,
): Promise<AdminSubject> {
  const values = storable(patch);
  const result = await subjectWrite(() =>
    db.transaction(async (tx) => {
      const before = await findAdminSubject(tx, id);
      if (!before) throw subjectNotFound();
      if (values.nameEn !== undefined) {
        const holder = await subjects.findByNameEn(values.nameEn, tx);
        if (holder && holder.id !== id) throw nameTaken();
      }
      const changes = changedFields(before, values);
      if (!hasChanges(changes)) return { subject: toAdminSubject(before), searchChanged: false };
      await subjects.update(tx, id, values);
      const searchChanged = SEARCHED_SUBJECT_FIELDS.some((field) => field in changes.after);
      if (searchChanged) await teachers.reindexTeachersOf(tx, id);
      await insertAudit(tx, {
        actorUserId: actorId,
        action: 'subject.update',
        entityType: 'subject',
        entityId: id,
        ...changes,
      });
      return { subject: await subjectView(tx, id), searchChanged };
    }),
  );
  if (result.searchChanged) teachers.forgetCounts();
  return result.subject;
}
