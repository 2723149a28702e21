import type { AdminContext } from './admin-context.ts';

/** What the catalogue operations use of the admin context: the database and the catalogue's modules. */
export type AdminCatalogContext = Pick<AdminContext, 'db' | 'teachers' | 'subjects' | 'settings'>;
