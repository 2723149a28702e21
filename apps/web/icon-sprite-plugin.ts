import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement, type ElementType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';

/**
 * The icon sprite (issue 33, ADR 039): one SVG file of `<symbol id="<lucide name>">`s, one for each
 * `spriteIcon('<name>')` of src/shared/ui/icons.tsx, drawn from lucide-react's own components, so the
 * pages' icons are `<use href="/assets/icons-<hash>.svg#<name>">` instead of their paths written out
 * at every use. The module `virtual:icon-sprite` gives the file's address; the browser build writes
 * the file into assets/ (hashed: cached a year, like the scripts), the dev server serves it.
 */
export const ICONS_MODULE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'src/shared/ui/icons.tsx');
const VIRTUAL_ID = 'virtual:icon-sprite';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

export type IconSprite = { svg: string; fileName: string };

/** The lucide names `spriteIcon('...')` is called with in the icons module's source. */
export function spriteIconNames(source: string): string[] {
  const names = [...source.matchAll(/\bspriteIcon\(\s*'([^']*)'\s*\)/g)].map((match) => match[1] ?? '');
  const wrong = names.filter((name) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name));
  if (wrong.length > 0) throw new Error(`icons.tsx: not a lucide icon name: ${wrong.map((n) => `'${n}'`).join(', ')}`);
  return [...new Set(names)].sort();
}

/** One icon's drawing (the children lucide-react renders inside its <svg>). */
async function drawingOf(name: string): Promise<string> {
  let component: ElementType;
  try {
    component = ((await import(`lucide-react/icons/${name}`)) as { default: ElementType }).default;
  } catch {
    throw new Error(`icons.tsx: lucide-react has no icon '${name}' (see lucide-react/dist/esm/icons/)`);
  }
  const markup = renderToStaticMarkup(createElement(component));
  const drawing = /^<svg\b[^>]*>([\s\S]*)<\/svg>$/.exec(markup)?.[1];
  if (!drawing) throw new Error(`lucide-react's '${name}' did not render an <svg>`);
  return drawing;
}

/** The sprite of these icons and its file name under `assetsDir` (content-hashed). */
export async function buildIconSprite(names: string[], assetsDir = 'assets'): Promise<IconSprite> {
  const symbols = await Promise.all(
    names.map(async (name) => `<symbol id="${name}" viewBox="0 0 24 24">${await drawingOf(name)}</symbol>`),
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
  const hash = createHash('sha256').update(svg).digest('base64url').slice(0, 8);
  return { svg, fileName: path.posix.join(assetsDir, `icons-${hash}.svg`) };
}

export function iconSprite(): Plugin {
  let base = '/';
  let assetsDir = 'assets';
  let emit = false;
  let sprite: Promise<IconSprite> | undefined;
  const current = () => {
    sprite ??= buildIconSprite(spriteIconNames(readFileSync(ICONS_MODULE, 'utf8')), assetsDir);
    return sprite;
  };
  return {
    name: 'ustaz:icon-sprite',
    configResolved(config) {
      base = config.base;
      assetsDir = config.build.assetsDir;
      // The server bundle (ADR 021) names the same file; the browser build writes it.
      emit = config.command === 'build' && !config.build.ssr;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : null;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return null;
      this.addWatchFile(ICONS_MODULE);
      const { fileName } = await current();
      return `export const ICON_SPRITE_URL = ${JSON.stringify(base + fileName)};\n`;
    },
    async generateBundle() {
      if (!emit) return;
      const { svg, fileName } = await current();
      this.emitFile({ type: 'asset', fileName, source: svg });
    },
    watchChange(id) {
      if (path.resolve(id) === ICONS_MODULE) sprite = undefined;
    },
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (path.resolve(file) !== ICONS_MODULE) return;
        sprite = undefined;
        const loaded = server.moduleGraph.getModuleById(RESOLVED_ID);
        if (loaded) server.moduleGraph.invalidateModule(loaded);
      });
      server.middlewares.use(async (request, response, next) => {
        try {
          const { svg, fileName } = await current();
          if (request.url?.split('?')[0] !== base + fileName) return next();
          response.setHeader('content-type', 'image/svg+xml');
          response.end(svg);
        } catch (error) {
          next(error);
        }
      });
    },
  };
}
