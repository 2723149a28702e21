import {
  type AdminUser,
  type AdminUserDetail,
  type adminUsersQuerySchema,
  filsToKwd,
  kwdToFils,
  MIN_PRICE_PER_HOUR_FILS,
  type promoteUserBodySchema,
  ROLE,
  toPage,
} from '@ustaz/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { MAX_HOURLY_RATE_FILS } from '../teachers/teachers.service.ts';
import type { AdminContext } from './admin-context.ts';
import { toAdminUser } from './admin-user.presenter.ts';
import {
  findAdminUser,
  listAdminUsers,
  lockUser,
  setUserRole,
  setUserStatus,
  userFigures,
} from './admin-users.repo.ts';
import { insertAudit } from './audit.repo.ts';

type UsersQuery = z.output<typeof adminUsersQuerySchema>;
type PromoteBody = z.output<typeof promoteUserBodySchema>;

function notFound(): HttpError {
  return new HttpError(404, 'notFound', 'User not found');
}

/**
 * Puts a locked user in `status` with the audit row of the change, in the caller's transaction;
 * nothing (no row either) when the user already has that status.
 */
async function changeStatus(
  tx: Executor,
  actorId: number,
  user: { id: number; status: string },
  change: { status: 'active' | 'suspended'; action: 'user.suspend' | 'user.restore'; reason?: string },
): Promise<void> {
  if (user.status === change.status) return;
  await setUserStatus(tx, user.id, change.status);
  await insertAudit(tx, {
    actorUserId: actorId,
    action: change.action,
    entityType: 'user',
    entityId: user.id,
    reason: change.reason ?? null,
    before: { status: user.status },
    after: { status: change.status },
  });
}

/** Users as the admin sees and manages them: list, detail, promotion, suspension, confirmation mail. */
export function createAdminUsersService(context: AdminContext) {
  const { db, auth, teachers, subscriptions, booking } = context;

  async function view(executor: Executor, id: number): Promise<AdminUser> {
    const row = await findAdminUser(executor, id);
    if (!row) throw notFound();
    return toAdminUser(row);
  }

  return {
    async list(query: UsersQuery) {
      const { rows, total } = await listAdminUsers(
        db,
        { search: query.search, roleId: query.roleId, status: query.status },
        query,
      );
      return toPage(rows.map(toAdminUser), total, query);
    },

    async detail(id: number): Promise<AdminUserDetail> {
      const row = await findAdminUser(db, id);
      if (!row) throw notFound();
      const figures = await userFigures(db, id, row.teacherProfileId, new Date());
      return {
        user: toAdminUser(row),
        wallet: filsToKwd(figures.walletFils),
        earnings: filsToKwd(figures.earningsFils),
        remainingHours: await subscriptions.remainingHours(id),
        activeSessions: figures.activeSessions,
        reservations: figures.reservations,
        payments: figures.payments,
      };
    },

    /**
     * A student becomes a teacher: role 2 and a teacher profile that waits for approval (not
     * listed until an admin approves it), in one transaction with its audit row. The next access
     * token the user gets (sign-in or refresh) carries the new role.
     */
    async promote(actorId: number, id: number, body: PromoteBody): Promise<AdminUser> {
      // The minimum rate until the teacher or an admin sets one (a rate of 0 would price slots at nothing).
      const hourlyRateFils = body.hourlyRate === undefined ? MIN_PRICE_PER_HOUR_FILS : kwdToFils(body.hourlyRate);
      if (hourlyRateFils > MAX_HOURLY_RATE_FILS) throw new FieldValidationError({ hourlyRate: 'tooBig' });
      const promoted = await db.transaction(async (tx) => {
        const user = await lockUser(tx, id);
        if (!user) throw notFound();
        if (user.roleId !== ROLE.student) throw new FieldValidationError({ userId: 'notStudent' });
        await setUserRole(tx, id, ROLE.teacher);
        const [created] = await teachers.createProfiles(tx, [
          { userId: id, firstName: user.firstName, lastName: user.lastName, hourlyRateFils, approvedAt: null },
        ]);
        let profileId = created?.id;
        if (profileId === undefined) {
          // A profile left from earlier: it waits for approval like a new one.
          profileId = (await findAdminUser(tx, id))?.teacherProfileId ?? undefined;
          if (profileId === undefined) throw new Error('teacher profile neither created nor found');
          await teachers.setApproval(tx, profileId, false);
          await teachers.reindex(profileId, tx);
        }
        await insertAudit(tx, {
          actorUserId: actorId,
          action: 'user.promote',
          entityType: 'user',
          entityId: id,
          before: { roleId: user.roleId },
          after: {
            roleId: ROLE.teacher,
            teacherProfileId: profileId,
            approved: false,
            ...(created ? { hourlyRate: filsToKwd(hourlyRateFils) } : {}),
          },
        });
        return view(tx, id);
      });
      teachers.forgetCounts();
      return promoted;
    },

    /**
     * Suspends a user: status suspended and every refresh session revoked in one transaction with
     * the audit row, then the user's sockets closed. Admins (and oneself) are protected.
     */
    async suspend(actorId: number, id: number, reason: string): Promise<AdminUser> {
      if (id === actorId) throw new FieldValidationError({ userId: 'protectedUser' });
      const suspended = await db.transaction(async (tx) => {
        const user = await lockUser(tx, id);
        if (!user) throw notFound();
        if (user.roleId === ROLE.admin) throw new FieldValidationError({ userId: 'protectedUser' });
        await changeStatus(tx, actorId, user, { status: 'suspended', action: 'user.suspend', reason });
        await auth.revokeAllSessions(tx, id);
        // A suspended teacher's students are not left with lessons that will not happen.
        if (user.roleId === ROLE.teacher) await booking.cancelTeacherFuture(tx, actorId, id, reason);
        return view(tx, id);
      });
      auth.sessionsEnded({ userId: id });
      // A suspended teacher leaves the listing: search totals must not count them.
      teachers.forgetCounts();
      return suspended;
    },

    /** Lets a suspended user in again (they sign in anew: their sessions stay ended). */
    async restore(actorId: number, id: number): Promise<AdminUser> {
      const restored = await db.transaction(async (tx) => {
        const user = await lockUser(tx, id);
        if (!user) throw notFound();
        // A deleted account was anonymised at its owner's request: it is not brought back.
        if (user.deletedAt) throw new HttpError(409, 'accountDeleted', 'This account was deleted by its owner');
        await changeStatus(tx, actorId, user, { status: 'active', action: 'user.restore' });
        return view(tx, id);
      });
      teachers.forgetCounts();
      return restored;
    },

    /** A fresh confirmation link for an e-mail account not confirmed yet (409 otherwise). */
    resendConfirmation: (actorId: number, id: number) =>
      auth.resendConfirmation(id, (tx) =>
        insertAudit(tx, {
          actorUserId: actorId,
          action: 'user.resendConfirmation',
          entityType: 'user',
          entityId: id,
        }),
      ),
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
