import type { Db } from '../../db/client.ts';
import { listAudit } from './audit.repo.ts';

/** The audit log, newest first, one page of it. */
export const auditLogPage = (db: Db, query: Parameters<typeof listAudit>[1]) => listAudit(db, query);

/** For the other modules (ADR 011): an admin action they carry out is audited in its own transaction. */
export { insertAudit } from './audit.repo.ts';
