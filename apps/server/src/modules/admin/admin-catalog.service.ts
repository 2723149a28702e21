import type { AdminContext } from './admin-context.ts';
import { createPackage, listPackages, type PackageBody, type PackagePatch, patchPackage } from './catalog-packages.ts';
import { getSettings, replaceSettings, type SettingsBody } from './catalog-settings.ts';
import {
  createSubject,
  listSubjects,
  patchSubject,
  type SubjectBody,
  type SubjectPatch,
  type SubjectsQuery,
} from './catalog-subjects.ts';
import { listTeachers, patchTeacher, setApproval, type TeacherPatch, type TeachersQuery } from './catalog-teachers.ts';

/** Teachers, subjects, packages and website settings as the admin edits them; every write audited. */
export function createAdminCatalogService(ctx: AdminContext) {
  return {
    // Teachers ---------------------------------------------------------------------------------

    teachers: (query: TeachersQuery) => listTeachers(ctx, query),

    /** Edits a profile in both languages; search text rewritten, search totals dropped, audited. */
    patchTeacher: (actorId: number, id: number, patch: TeacherPatch) => patchTeacher(ctx, actorId, id, patch),

    /** Approves a profile (it is listed from now on) or takes the approval back; audited. */
    setApproval: (actorId: number, id: number, approved: boolean) => setApproval(ctx, actorId, id, approved),

    // Subjects ---------------------------------------------------------------------------------

    subjects: (query: SubjectsQuery) => listSubjects(ctx, query),

    /** Adds a subject; an English name that exists in any letter case is 422 `alreadyExists`. */
    createSubject: (actorId: number, body: SubjectBody) => createSubject(ctx, actorId, body),

    /**
     * Changes a subject (isActive false deactivates it). New names or synonyms rewrite its search
     * text and that of every teacher teaching it, and drop the reused search totals; audited with
     * the changed fields.
     */
    patchSubject: (actorId: number, id: number, patch: SubjectPatch) => patchSubject(ctx, actorId, id, patch),

    // Subscription packages --------------------------------------------------------------------

    packages: () => listPackages(ctx),

    createPackage: (actorId: number, body: PackageBody) => createPackage(ctx, actorId, body),

    patchPackage: (actorId: number, id: number, patch: PackagePatch) => patchPackage(ctx, actorId, id, patch),

    // Website settings -------------------------------------------------------------------------

    settings: () => getSettings(ctx),

    /**
     * Replaces every editable field if `version` is still the stored one (409 `versionConflict`
     * otherwise); the version grows by one. Audited with the fields that changed; a body that
     * changes nothing writes nothing.
     */
    replaceSettings: (actorId: number, body: SettingsBody) => replaceSettings(ctx, actorId, body),
  };
}

export type AdminCatalogService = ReturnType<typeof createAdminCatalogService>;
