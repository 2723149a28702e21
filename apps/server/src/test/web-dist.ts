import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll } from 'vitest';
import type { Config } from '../config.ts';
import { useTestApp } from './test-app.ts';

/** The built index.html the web tests serve: a placeholder title and one entry script. */
export const WEB_TEMPLATE = `<!doctype html>
<html lang="ar" dir="rtl">
  <head>
    <meta charset="UTF-8" />
    <title>placeholder</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * A small built web app in a temporary folder (index.html, a hashed script with its brotli copy,
 * the Arabic common locale file), for `createTestApp({ webDistDir })`; `remove()` deletes it. The
 * build sits in `<tmp>/dist`, so the server bundle it looks for beside it (`<tmp>/dist-server`) is
 * this folder's own: `serverBundle`, the source of an ES module, is written there (ADR 021).
 */
export function createWebDist(
  extraFiles: Record<string, string | Uint8Array> = {},
  { serverBundle }: { serverBundle?: string } = {},
) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'ustaz-dist-'));
  const dir = path.join(root, 'dist');
  mkdirSync(dir);
  if (serverBundle) {
    mkdirSync(path.join(root, 'dist-server'));
    writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), serverBundle);
  }
  const js = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'locales/ar'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), WEB_TEMPLATE);
  writeFileSync(path.join(dir, 'assets/index-abc123.js'), js);
  writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(js));
  writeFileSync(path.join(dir, 'locales/ar/common.json'), '{"appName":"أستاذ"}');
  for (const [name, content] of Object.entries(extraFiles)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * {@link useTestApp} serving a {@link createWebDist} build of `extraFiles` (and `serverBundle`), with
 * `config` beside `webDistDir`; the build is removed after the app is closed.
 */
export function useWebDistApp(
  extraFiles: Record<string, string | Uint8Array> = {},
  { serverBundle, config = {} }: { serverBundle?: string; config?: Partial<Config> } = {},
) {
  const dist = createWebDist(extraFiles, serverBundle === undefined ? {} : { serverBundle });
  // Registered before useTestApp's close: after-all hooks run last first, so this one runs after it.
  afterAll(() => dist.remove());
  return { dist, ...useTestApp({ webDistDir: dist.dir, ...config }) };
}
