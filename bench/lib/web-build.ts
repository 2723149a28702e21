// The production web build the web benches measure and serve: `vite build --manifest` into
// /tmp/bench-web/dist (apps/web/dist, which the e2e tests use, is left alone), then brotli and
// gzip beside every compressible file as apps/web/scripts/precompress.mjs does for `npm run build`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { root } from './server.ts';

export const webDir = path.join(root, 'apps/web');
export const benchDist = path.join(os.tmpdir(), 'bench-web/dist');

export const gzipSize = (data: Buffer | string): number => gzipSync(data, { level: 9 }).length;
export const brotliSize = (data: Buffer | string): number =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

function precompress(dir: string): void {
  const compressible = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) precompress(file);
    else if (compressible.test(name) && statSync(file).size >= 512) {
      const data = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    }
  }
}

/**
 * Builds the web app into /tmp/bench-web/dist (and its server-render bundle into
 * /tmp/bench-web/dist-server) and returns the first folder. With `reuse` an existing
 * build there is kept (`npm run bench` builds once for the size and Lighthouse benches).
 */
export function buildWeb({ reuse = false } = {}) {
  if (reuse && existsSync(path.join(benchDist, '.vite/manifest.json'))) return benchDist;
  rmSync(benchDist, { recursive: true, force: true });
  console.log(`Building apps/web into ${benchDist} (vite build --manifest)...`);
  const build = spawnSync('npx', ['vite', 'build', '--manifest', '--outDir', benchDist, '--emptyOutDir'], {
    cwd: webDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error(`vite build failed (exit ${build.status})`);
  // The islands build beside it (ADR 038): a guest's public pages load it instead of the app's entry.
  const islandsBuild = spawnSync(
    'npx',
    ['vite', 'build', '--config', 'vite.islands.config.ts', '--outDir', benchDist],
    {
      cwd: webDir,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (islandsBuild.status !== 0) throw new Error(`vite build (islands) failed (exit ${islandsBuild.status})`);
  // The server-render bundle beside it (ADR 021), where the server looks for it (dist/../dist-server):
  // without it the pages would be the client-drawn shell, not what `npm run build` serves.
  const serverBuild = spawnSync(
    'npx',
    [
      'vite',
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      path.join(benchDist, '..', 'dist-server'),
      '--emptyOutDir',
    ],
    { cwd: webDir, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (serverBuild.status !== 0) throw new Error(`vite build --ssr failed (exit ${serverBuild.status})`);
  precompress(benchDist);
  return benchDist;
}

/** One entry of Vite's build manifest. */
export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

export function readManifest(dist: string): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
}
