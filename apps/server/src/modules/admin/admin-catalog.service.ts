import type {
  AdminPackage,
  AdminSettings,
  AdminSubject,
  AdminTeacher,
  adminPackageBodySchema,
  adminPackagePatchSchema,
  adminSettingsBodySchema,
  adminSubjectBodySchema,
  adminSubjectPatchSchema,
  adminSubjectsQuerySchema,
  adminTeacherPatchSchema,
  adminTeachersQuerySchema,
} from '@ustaz/contract';
import { filsToKwd, kwdToFils, toPage } from '@ustaz/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { storableText } from '../../db/storable-text.ts';
import { searchWords } from '../../db/text-search.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { toAdminSettings } from '../settings/settings.presenter.ts';
import type { EditableSettings } from '../settings/settings.service.ts';
import {
  allPackagesWithSales,
  insertPackages,
  type PackageWithSales,
  updatePackage,
} from '../subscriptions/subscriptions.service.ts';
import { MAX_HOURLY_RATE_FILS, type ProfileChanges, validVideoUrl } from '../teachers/teachers.service.ts';
import { toAdminPackage, toAdminSubject, toAdminTeacher } from './admin-catalog.presenter.ts';
import {
  type AdminTeacherRow,
  findAdminSubject,
  findAdminTeacher,
  listAdminSubjects,
  listAdminTeachers,
} from './admin-catalog.repo.ts';
import type { AdminContext } from './admin-context.ts';
import { insertAudit } from './audit.repo.ts';

type TeachersQuery = z.output<typeof adminTeachersQuerySchema>;
type TeacherPatch = z.output<typeof adminTeacherPatchSchema>;
type SubjectsQuery = z.output<typeof adminSubjectsQuerySchema>;
type SubjectBody = z.output<typeof adminSubjectBodySchema>;
type SubjectPatch = z.output<typeof adminSubjectPatchSchema>;
type PackageBody = z.output<typeof adminPackageBodySchema>;
type PackagePatch = z.output<typeof adminPackagePatchSchema>;
type SettingsBody = z.output<typeof adminSettingsBodySchema>;

type Changes = { before: Record<string, unknown>; after: Record<string, unknown> };

/** The fields of `next` whose value differs from `current` (compared as JSON), before and after. */
export function changedFields(current: Record<string, unknown>, next: Record<string, unknown>): Changes {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined) continue;
    if (JSON.stringify(value) === JSON.stringify(current[key])) continue;
    before[key] = current[key] ?? null;
    after[key] = value;
  }
  return { before, after };
}

const hasChanges = (changes: Changes) => Object.keys(changes.after).length > 0;

/** The fields of a subject that its search text and its teachers' are made of. */
const SEARCHED_SUBJECT_FIELDS = ['nameAr', 'nameEn', 'synonymsAr', 'synonymsEn'] as const;

/** Free text as it can be stored (no NUL), for each string field given. */
function storable<T extends Record<string, unknown>>(values: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    out[key] =
      typeof value === 'string'
        ? storableText(value)
        : Array.isArray(value)
          ? value.map((item) => (typeof item === 'string' ? storableText(item) : item))
          : value;
  }
  return out as T;
}

const teacherNotFound = () => new HttpError(404, 'notFound', 'Teacher not found');
const subjectNotFound = () => new HttpError(404, 'notFound', 'Subject not found');
const packageNotFound = () => new HttpError(404, 'notFound', 'Package not found');
const nameTaken = () => new FieldValidationError({ nameEn: 'alreadyExists' });

/** What the teacher's audit row shows of a profile (the editable fields, money as KWD). */
function editableTeacher(row: AdminTeacherRow) {
  const { bioAr, bioEn, majorAr, majorEn, experienceYears, hourlyRate, videoUrl } = toAdminTeacher(row);
  const subjectIds = row.subjects.map((subject) => subject.id).sort((x, y) => x - y);
  return { bioAr, bioEn, majorAr, majorEn, experienceYears, hourlyRate, videoUrl, subjectIds };
}

/** What a package's audit row shows (the price as KWD). */
function editablePackage(row: PackageWithSales) {
  const { soldCount: _sold, createdAt: _created, id: _id, priceFils, ...fields } = row;
  return { ...fields, price: filsToKwd(priceFils) };
}

/** Teachers, subjects, packages and website settings as the admin edits them; every write audited. */
export function createAdminCatalogService(context: AdminContext) {
  const { db, teachers, subjects, settings } = context;

  async function teacherView(executor: Executor, id: number): Promise<AdminTeacher> {
    const row = await findAdminTeacher(executor, id);
    if (!row) throw teacherNotFound();
    return toAdminTeacher(row);
  }

  async function subjectView(executor: Executor, id: number): Promise<AdminSubject> {
    const row = await findAdminSubject(executor, id);
    if (!row) throw subjectNotFound();
    return toAdminSubject(row);
  }

  async function packageRow(executor: Executor, id: number): Promise<PackageWithSales> {
    const [row] = await allPackagesWithSales(executor, id);
    if (!row) throw packageNotFound();
    return row;
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

  return {
    // Teachers ---------------------------------------------------------------------------------

    async teachers(query: TeachersQuery) {
      const { rows, total } = await listAdminTeachers(db, { search: query.search, approval: query.approval }, query);
      return toPage(rows.map(toAdminTeacher), total, query);
    },

    /** Edits a profile in both languages; search text rewritten, search totals dropped, audited. */
    async patchTeacher(actorId: number, id: number, patch: TeacherPatch): Promise<AdminTeacher> {
      const values: ProfileChanges = storable({
        bioAr: patch.bioAr,
        bioEn: patch.bioEn,
        majorAr: patch.majorAr,
        majorEn: patch.majorEn,
        experienceYears: patch.experienceYears,
      });
      if (patch.hourlyRate !== undefined) {
        values.hourlyRateFils = kwdToFils(patch.hourlyRate);
        if (values.hourlyRateFils > MAX_HOURLY_RATE_FILS) throw new FieldValidationError({ hourlyRate: 'tooBig' });
      }
      if (patch.videoUrl !== undefined) {
        if (patch.videoUrl !== null && !validVideoUrl(patch.videoUrl)) {
          throw new FieldValidationError({ videoUrl: 'invalid' });
        }
        values.videoUrl = patch.videoUrl === null ? null : storableText(patch.videoUrl);
      }
      const subjectIds =
        patch.subjectIds === undefined ? undefined : [...new Set(patch.subjectIds)].sort((a, b) => a - b);

      const result = await db.transaction(async (tx) => {
        await teachers.lockAggregates(tx, id);
        const before = await findAdminTeacher(tx, id);
        if (!before) throw teacherNotFound();
        if (subjectIds && (await subjects.findByIds(subjectIds, tx)).length !== subjectIds.length) {
          throw new FieldValidationError({ subjectIds: 'invalid' });
        }
        const changes = changedFields(editableTeacher(before), {
          ...values,
          hourlyRateFils: undefined,
          hourlyRate: values.hourlyRateFils === undefined ? undefined : filsToKwd(values.hourlyRateFils),
          subjectIds,
        });
        if (!hasChanges(changes)) return { teacher: toAdminTeacher(before), changed: false };
        await teachers.applyChanges(tx, id, values, 'subjectIds' in changes.after ? subjectIds : undefined);
        await insertAudit(tx, {
          actorUserId: actorId,
          action: 'teacher.update',
          entityType: 'teacher',
          entityId: id,
          ...changes,
        });
        return { teacher: await teacherView(tx, id), changed: true };
      });
      if (result.changed) teachers.forgetCounts();
      return result.teacher;
    },

    /** Approves a profile (it is listed from now on) or takes the approval back; audited. */
    async setApproval(actorId: number, id: number, approved: boolean): Promise<AdminTeacher> {
      const result = await db.transaction(async (tx) => {
        const before = await findAdminTeacher(tx, id);
        if (!before) throw teacherNotFound();
        const changed = await teachers.setApproval(tx, id, approved);
        const after = await teacherView(tx, id);
        if (changed) {
          await insertAudit(tx, {
            actorUserId: actorId,
            action: approved ? 'teacher.approve' : 'teacher.unapprove',
            entityType: 'teacher',
            entityId: id,
            before: { approved: before.approvedAt !== null, approvedAt: before.approvedAt?.toISOString() ?? null },
            after: { approved: after.approved, approvedAt: after.approvedAt },
          });
        }
        return { teacher: after, changed };
      });
      if (result.changed) teachers.forgetCounts();
      return result.teacher;
    },

    // Subjects ---------------------------------------------------------------------------------

    async subjects(query: SubjectsQuery) {
      const { rows, total } = await listAdminSubjects(
        db,
        {
          words: searchWords(query.search),
          isActive: query.isActive === undefined ? undefined : query.isActive === 'true',
        },
        query,
      );
      return toPage(rows.map(toAdminSubject), total, query);
    },

    /** Adds a subject; an English name that exists in any letter case is 422 `alreadyExists`. */
    async createSubject(actorId: number, body: SubjectBody): Promise<AdminSubject> {
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
    },

    /**
     * Changes a subject (isActive false deactivates it). New names or synonyms rewrite its search
     * text and that of every teacher teaching it, and drop the reused search totals; audited with
     * the changed fields.
     */
    async patchSubject(actorId: number, id: number, patch: SubjectPatch): Promise<AdminSubject> {
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
    },

    // Subscription packages --------------------------------------------------------------------

    async packages(): Promise<{ data: AdminPackage[] }> {
      return { data: (await allPackagesWithSales(db)).map(toAdminPackage) };
    },

    async createPackage(actorId: number, body: PackageBody): Promise<AdminPackage> {
      const { price, ...fields } = storable(body);
      return db.transaction(async (tx) => {
        const [row] = await insertPackages(tx, [{ ...fields, priceFils: kwdToFils(price) }]);
        if (!row) throw new Error('package not created');
        const created = await packageRow(tx, row.id);
        await insertAudit(tx, {
          actorUserId: actorId,
          action: 'package.create',
          entityType: 'package',
          entityId: row.id,
          after: editablePackage(created),
        });
        return toAdminPackage(created);
      });
    },

    async patchPackage(actorId: number, id: number, patch: PackagePatch): Promise<AdminPackage> {
      const { price, ...fields } = storable(patch);
      return db.transaction(async (tx) => {
        const before = await packageRow(tx, id);
        const changes = changedFields(editablePackage(before), {
          ...fields,
          price: price === undefined ? undefined : filsToKwd(kwdToFils(price)),
        });
        if (!hasChanges(changes)) return toAdminPackage(before);
        await updatePackage(tx, id, { ...fields, ...(price === undefined ? {} : { priceFils: kwdToFils(price) }) });
        await insertAudit(tx, {
          actorUserId: actorId,
          action: 'package.update',
          entityType: 'package',
          entityId: id,
          ...changes,
        });
        return toAdminPackage(await packageRow(tx, id));
      });
    },

    // Website settings -------------------------------------------------------------------------

    async settings(): Promise<AdminSettings> {
      return toAdminSettings(await settings.currentRow());
    },

    /**
     * Replaces every editable field if `version` is still the stored one (409 `versionConflict`
     * otherwise); the version grows by one. Audited with the fields that changed; a body that
     * changes nothing writes nothing.
     */
    async replaceSettings(actorId: number, body: SettingsBody): Promise<AdminSettings> {
      const { version, ...rest } = body;
      const values: EditableSettings = storable(rest);
      const conflict = () => new HttpError(409, 'versionConflict', 'The settings were changed meanwhile');
      return db.transaction(async (tx) => {
        const current = await settings.currentRow(tx);
        if (current.version !== version) throw conflict();
        const changes = changedFields(toAdminSettings(current), values);
        if (!hasChanges(changes)) return toAdminSettings(current);
        const updated = await settings.replace(tx, current.id, version, values);
        if (!updated) throw conflict();
        await insertAudit(tx, {
          actorUserId: actorId,
          action: 'settings.update',
          entityType: 'settings',
          entityId: current.id,
          before: { version, ...changes.before },
          after: { version: updated.version, ...changes.after },
        });
        return toAdminSettings(updated);
      });
    },
  };
}

export type AdminCatalogService = ReturnType<typeof createAdminCatalogService>;
