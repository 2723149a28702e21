import path from 'node:path';

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
