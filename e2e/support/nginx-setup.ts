import type { TestProject } from 'vitest/node';
import { findNginx, startNginxStack } from './nginx-stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** nginx's access log (each line names the app process that answered: `upstream=127.0.0.1:<port>`). */
    nginxAccessLog: string;
    /** The ports of the two app processes behind nginx. */
    appPorts: number[];
  }
}

/**
 * The global set-up of `vitest.nginx.config.ts`: instead of one server, Debian's nginx with
 * deploy/nginx.conf in front of two app processes on PostgreSQL and Redis; the specs' base URL is nginx.
 */
export async function setup(project: TestProject) {
  const nginx = findNginx();
  const { DATABASE_URL: postgresUrl, REDIS_URL: redisUrl } = process.env;
  if (!nginx || !postgresUrl || !redisUrl)
    throw new Error('the nginx e2e needs nginx (apt-get install -y nginx-light), DATABASE_URL and REDIS_URL');
  const stack = await startNginxStack({ nginx, postgresUrl, redisUrl });
  project.provide('baseUrl', stack.url);
  project.provide('chromePath', process.env.CHROME_PATH || '/usr/bin/chromium');
  project.provide('mailDir', stack.mailDir);
  project.provide('nginxAccessLog', stack.accessLog);
  project.provide('appPorts', stack.appPorts);
  return () => stack.close();
}
