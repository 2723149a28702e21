import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { TeachersService } from '../teachers/teachers.service.ts';

/** What the teacher applications' operations use: the service's dependencies. */
export type TeacherApplicationsContext = {
  db: Db;
  teachers: TeachersService;
  /** The decision mail goes through the outbox, in the decision's transaction. */
  mailer: Mailer;
  publicUrl: string;
};
