import type { TeacherApplicationBody } from '@ustaz/contract';
import { approve, reject } from './application-decisions.ts';
import { type AdminQuery, list, mine } from './application-reads.ts';
import { apply } from './apply.ts';
import type { TeacherApplicationsContext } from './teacher-applications-context.ts';

/**
 * Becoming a teacher: a confirmed student applies (one pending application at a time), an admin
 * approves (the user becomes a teacher with a listed profile built from the application) or
 * rejects with a reason. Decisions are audited, notified and mailed in the applicant's language.
 */
export function createTeacherApplicationsService(ctx: TeacherApplicationsContext) {
  return {
    /** A signed-in, confirmed student applies; 403 for anyone else, 409 while one is pending. */
    apply: (userId: number, body: TeacherApplicationBody) => apply(ctx, userId, body),

    /** The caller's newest application, or null. */
    mine: (userId: number) => mine(ctx, userId),

    list: (query: AdminQuery) => list(ctx, query),

    /**
     * Approves a pending application in one transaction: the applicant becomes a teacher (role 2)
     * with an approved profile built from it (so listed at once), audited, notified and mailed.
     */
    approve: (actorId: number, id: number) => approve(ctx, actorId, id),

    /** Rejects a pending application with the reason the applicant is told; audited, notified and mailed. */
    reject: (actorId: number, id: number, reason: string) => reject(ctx, actorId, id, reason),
  };
}

export type TeacherApplicationsService = ReturnType<typeof createTeacherApplicationsService>;
