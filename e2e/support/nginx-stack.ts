import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresDatabase } from '../../apps/server/src/test/helpers.ts';
import { freePort, serverEnv } from './global-setup.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const NGINX_TEMPLATE = path.join(root, 'deploy/nginx.conf');

/** Debian's nginx (NGINX_PATH, else /usr/sbin/nginx, else on PATH); null when none is installed. */
export function findNginx(): string | null {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx'].filter(Boolean) as string[];
  for (const candidate of candidates) if (existsSync(candidate)) return candidate;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}

/** Replaces `pattern` in `text`, failing loudly when the template no longer has it. */
function replaceOnce(text: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(text)) throw new Error(`deploy/nginx.conf: ${pattern} not found (the test renders the template)`);
  return text.replace(pattern, replacement);
}

/**
 * deploy/nginx.conf as the operator gets it, with only the machine-specific parts changed: listen on
 * a loopback port, the upstream's servers, the access log and nginx's temporary files in `dir`.
 */
export function renderNginxConfig(template: string, options: { port: number; upstreams: number[]; dir: string }) {
  let conf = replaceOnce(template, /^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${options.port};`);
  conf = replaceOnce(
    conf,
    /^(\s*)server app1:3000 ([^\n]*)\n\s*server app2:3000 [^\n]*$/m,
    options.upstreams.map((port) => `$1server 127.0.0.1:${port} $2`).join('\n'),
  );
  conf = replaceOnce(conf, /\/var\/log\/nginx\/ustaz-access\.log/, path.join(options.dir, 'access.log'));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${path.join(options.dir, `${kind}_temp`)};`)
    .join('\n');
  return replaceOnce(conf, /^http \{$/m, `http {\n${temp}`);
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number, name: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not answering yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs} ms`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      if (child.pid) process.kill(child.pid, 'SIGKILL');
      resolve();
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.pid) process.kill(child.pid, 'SIGTERM');
  });
}

export type NginxStack = {
  /** nginx's address: what the browser and the specs talk to. */
  url: string;
  /** The app processes' own ports (the upstream's servers). */
  appPorts: number[];
  accessLog: string;
  mailDir: string;
  close(): Promise<void>;
};

/**
 * Two app processes on one PostgreSQL database (a new `ustaz_nginx_<random>` on `postgresUrl`'s server,
 * dropped at the end) sharing Redis (a prefix of this run's own) and one data folder (uploads, mail,
 * JWT key), with Debian's nginx in front of them running deploy/nginx.conf. Every process is a child
 * of this one, stopped by its PID in `close()`.
 */
export async function startNginxStack(options: {
  nginx: string;
  postgresUrl: string;
  redisUrl: string;
}): Promise<NginxStack> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ustaz-nginx-'));
  // nginx's workers (user nobody when started as root) create their temporary files in here.
  chmodSync(dir, 0o755);
  const database = await createPostgresDatabase(options.postgresUrl, `ustaz_nginx_${randomBytes(6).toString('hex')}`);
  const children: ChildProcess[] = [];
  const close = async () => {
    for (const child of [...children].reverse()) await stop(child);
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [port, ...appPorts] = [await freePort(), await freePort(), await freePort()];
    const url = `http://127.0.0.1:${port}`;
    const shared = {
      ...serverEnv(dir, 0),
      PUBLIC_URL: url,
      DATABASE_URL: database.url,
      REDIS_URL: options.redisUrl,
      REDIS_PREFIX: `ustaz-nginx-${randomBytes(4).toString('hex')}`,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      // nginx on loopback is the one proxy whose X-Forwarded-For the app believes.
      TRUST_PROXY: '127.0.0.1',
    };
    const startApp = (appPort: number, seed: boolean) => {
      const env: NodeJS.ProcessEnv = { ...process.env, ...shared, PORT: String(appPort), SEED_DEMO_DATA: String(seed) };
      delete env.SMTP_URL;
      delete env.GOOGLE_CLIENT_ID;
      delete env.WEB_CONCURRENCY;
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
        cwd: root,
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      children.push(child);
      return child;
    };
    // The first process migrates and seeds; the second starts on the ready database.
    const [first, second] = appPorts as [number, number];
    await waitFor(`http://127.0.0.1:${first}/api/health`, startApp(first, true), 180_000, 'app process 1');
    await waitFor(`http://127.0.0.1:${second}/api/health`, startApp(second, false), 120_000, 'app process 2');

    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(conf, renderNginxConfig(readFileSync(NGINX_TEMPLATE, 'utf8'), { port, upstreams: appPorts, dir }));
    const args = ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf];
    const checked = spawnSync(options.nginx, [...args, '-t'], { encoding: 'utf8' });
    if (checked.status !== 0) throw new Error(`nginx -t refused the rendered deploy/nginx.conf:\n${checked.stderr}`);
    const nginx = spawn(options.nginx, [...args, '-g', `daemon off; pid ${path.join(dir, 'nginx.pid')};`], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(nginx);
    await waitFor(`${url}/api/health`, nginx, 30_000, 'nginx');
    return { url, appPorts, accessLog: path.join(dir, 'access.log'), mailDir: path.join(dir, 'mail'), close };
  } catch (error) {
    await close();
    throw error;
  }
}
