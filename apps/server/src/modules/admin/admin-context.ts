import type { Db } from '../../db/client.ts';
import type { AuthHook } from '../../http/authenticate.ts';
import type { Idempotency } from '../../http/idempotency.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { BookingService } from '../booking/booking.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { SubjectsService } from '../subjects/subjects.service.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import type { TeachersService } from '../teachers/teachers.service.ts';

/** What the admin modules may use: the database for their own SQL, and the other modules' services. */
export type AdminContext = {
  db: Db;
  requireAdmin: AuthHook;
  idempotency: Idempotency;
  auth: AuthService;
  teachers: TeachersService;
  subjects: SubjectsService;
  settings: SettingsService;
  payments: PaymentsService;
  booking: BookingService;
  subscriptions: SubscriptionsService;
};
