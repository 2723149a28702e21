import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The environment for a child process running the server's real entry: this process's PATH, HOME,
 * TMPDIR and LANG and nothing else that configures the server, a throw-away embedded database, the
 * data folders under `dirs`, no web build, and a free port on loopback; `extra` on top.
 */
export function bareServerEnv(dirs: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG']) if (process.env[name]) env[name] = process.env[name];
  return {
    ...env,
    PGLITE_DIR: 'memory://',
    SECRETS_DIR: path.join(dirs, 'secrets'),
    MAIL_OUTBOX_DIR: path.join(dirs, 'mail'),
    UPLOADS_DIR: path.join(dirs, 'uploads'),
    WEB_DIST_DIR: path.join(dirs, 'no-web'),
    HOST: '127.0.0.1',
    PORT: '0',
    ...extra,
  };
}

/**
 * An embedded database in `dataDir`, migrated, then made to forget its last two migrations (their
 * rows in `drizzle.__drizzle_migrations`): the next migrate runs 0027 again, whose CREATE TRIGGER
 * fails (the trigger exists). A real migration failure, with the database's own reason.
 */
export async function forgetLastMigrations(dataDir: string): Promise<void> {
  const { openDatabase, rawQueryOf } = await import('../db/client.ts');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await database.migrate();
    const journal = JSON.parse(
      readFileSync(
        path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations/meta/_journal.json'),
        'utf8',
      ),
    ) as { entries: { tag: string; when: number }[] };
    const since = journal.entries.find((entry) => entry.tag === '0027_page_changes')?.when;
    if (!since) throw new Error('migration 0027 not in the journal');
    await rawQueryOf(database.db)('delete from drizzle.__drizzle_migrations where created_at >= $1', [since]);
  } finally {
    await database.close();
  }
}
