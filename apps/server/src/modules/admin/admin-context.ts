import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Idempotency } from '../../http/idempotency.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { BookingService } from '../booking/booking.service.ts';
import type { DisputesService } from '../disputes/disputes.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { PayoutsService } from '../payouts/payouts.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { SubjectsService } from '../subjects/subjects.service.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import type { TeacherApplicationsService } from '../teacher-applications/teacher-applications.service.ts';
import type { TeachersService } from '../teachers/teachers.service.ts';
import type { PreHandler } from './admin-guard.ts';

/** What the admin modules may use: the database for their own SQL, and the other modules' services. */
export type AdminContext = {
  db: Db;
  requireAdmin: PreHandler;
  idempotency: Idempotency;
  auth: AuthService;
  teachers: TeachersService;
  subjects: SubjectsService;
  settings: SettingsService;
  payments: PaymentsService;
  booking: BookingService;
  subscriptions: SubscriptionsService;
  payouts: PayoutsService;
  disputes: DisputesService;
  teacherApplications: TeacherApplicationsService;
  /** Read lazily: realtime is attached after the HTTP routes are registered. */
  realtime: () => Realtime;
};

export const adminTags = ['admin'];
export const adminSecurity = [{ bearer: [] }];

/** Admin lists and reports are never cached: a route preHandler (it runs after validation, like the handler). */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.header('cache-control', 'no-store');
}
