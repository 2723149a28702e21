import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isKnownPagePath } from '@ustaz/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SettingsService } from '../modules/settings/settings.service.ts';
import { pageCsp, renderIndexHtml } from './index-html.ts';

function safeDecode(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Serves the built web app: hashed assets precompressed and cached for a year, locale files
 * revalidated, and every other page path answered with the rendered index.html.
 * Returns the handler for page paths, or undefined when the web app was not built.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  settings: SettingsService,
): Promise<((request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) | undefined> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve it');
    return undefined;
  }
  const template = readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    // One route per built file, so every other path (including /) reaches the page handler.
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, no-cache');
    },
  });

  return async (request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    const html = renderIndexHtml({
      template,
      pathname: safeDecode(request.url.split('?')[0] ?? '/'),
      nonce,
      settings: await settings.getWebsiteSettings(),
    });
    const pathname = request.url.split('?')[0] ?? '/';
    return reply
      .status(isKnownPagePath(safeDecode(pathname)) ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', pageCsp(nonce))
      .send(html);
  };
}
