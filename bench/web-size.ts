// Web size (ARCHITECTURE.md "Budgets": initial JS of the home route <= 110 KB gzip (130 before server rendering); every other
// route lazy-loaded). Builds apps/web with the Vite manifest into /tmp/bench-web/dist and prints:
// - the JavaScript the home route loads first: the entry chunk, the home page's lazy chunk (the
//   router fetches it at once on /{lang}) and every chunk these import statically, gzip -9 and
//   brotli q11 (what the server sends: precompressed files);
// - per route (from the route tables apps/web/src/app/routes.tsx and admin/admin-routes.tsx, mapped
//   to chunks through the manifest): the route's own chunk and all the JS it adds beyond the entry.
//
//   npm run size -w @ustaz/bench  [-- --reuse-build]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { arg, budget, kb, printTable, type Row, runMeta, writeResult } from './lib/results.ts';
import { brotliSize, buildWeb, gzipSize, readManifest, webDir } from './lib/web-build.ts';

const BUDGET_KB = 110;
const HOME_MODULE = 'src/features/home/home-page.tsx';
type RouteTable = { file: string; prefix: string; layout: string[] };
type Route = { route: string; key: string | undefined; modules: string[]; layout: string[] };
type Size = { raw: number; gzip: number; brotli: number };

const ROUTE_TABLES: RouteTable[] = [
  { file: 'src/app/routes.tsx', prefix: '/{lang}', layout: [] },
  { file: 'src/app/admin/admin-routes.tsx', prefix: '/{lang}/admin', layout: ['src/app/admin/admin-layout.tsx'] },
];

/** [{ route, modules: ['src/...'] }] read from a route table's `route(path, key, () => import(...))` calls. */
function routesOf({ file, prefix, layout }: RouteTable): Route[] {
  const text = readFileSync(path.join(webDir, file), 'utf8');
  const dir = path.dirname(file);
  const resolve = (specifier: string) => path.posix.normalize(path.posix.join(dir, specifier));
  // Loaders kept in a variable: `const name: Loader = () => import('...')`.
  const loaders = new Map<string, string>();
  for (const m of text.matchAll(/const (\w+)(?::\s*Loader)?\s*=\s*\(\)\s*=>\s*import\('([^']+)'\)/g)) {
    loaders.set(m[1] ?? '', resolve(m[2] ?? ''));
  }
  const routes: Route[] = [];
  for (const segment of text.split(/\broute\(/).slice(1)) {
    const head = segment.match(/^\s*(undefined|'([^']*)')\s*,\s*'([^']+)'\s*,\s*(\w+)?/);
    if (!head) continue; // the helper's own definition
    const modules = [...segment.matchAll(/import\('([^']+)'\)/g)].map((m) => resolve(m[1] ?? ''));
    const loader = head[4] === undefined ? undefined : loaders.get(head[4]);
    if (modules.length === 0 && loader !== undefined) modules.push(loader);
    routes.push({ route: head[2] === undefined ? prefix : `${prefix}/${head[2]}`, key: head[3], modules, layout });
  }
  return routes;
}

function main() {
  const meta = runMeta();
  const dist = buildWeb({ reuse: arg('reuse-build', false) });
  const manifest = readManifest(dist);
  const sizes = new Map<string, Size>();
  function size(file: string): Size {
    let known = sizes.get(file);
    if (!known) {
      const data = readFileSync(path.join(dist, file));
      known = { raw: data.length, gzip: gzipSize(data), brotli: brotliSize(data) };
      sizes.set(file, known);
    }
    return known;
  }
  /** The JS files a manifest key loads (itself and its static imports), and their CSS. */
  function closure(keys: string[]) {
    const files = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in the Vite manifest (is the route table parsed right?)`);
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const file of chunk.css ?? []) css.add(file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return { files, css };
  }
  const sum = (files: Iterable<string>, kind: keyof Size) =>
    [...files].reduce((total, file) => total + size(file)[kind], 0);

  const entry = closure(['index.html']);
  const initial = closure(['index.html', HOME_MODULE]);
  const initialRows = [...initial.files].map((file) => ({
    file,
    part: entry.files.has(file) ? 'entry' : 'home route',
    raw: `${kb(size(file).raw)} KB`,
    gzip: `${kb(size(file).gzip)} KB`,
    brotli: `${kb(size(file).brotli)} KB`,
  }));
  const initialGzip = sum(initial.files, 'gzip');
  const initialBrotli = sum(initial.files, 'brotli');
  initialRows.push({
    file: 'total',
    part: '',
    raw: `${kb(sum(initial.files, 'raw'))} KB`,
    gzip: `${kb(initialGzip)} KB`,
    brotli: `${kb(initialBrotli)} KB`,
  });
  for (const file of initial.css) {
    initialRows.push({
      file,
      part: 'CSS',
      raw: `${kb(size(file).raw)} KB`,
      gzip: `${kb(size(file).gzip)} KB`,
      brotli: `${kb(size(file).brotli)} KB`,
    });
  }
  printTable(
    'JavaScript loaded first on the home route by the whole app (a visitor with a stored session):',
    initialRows,
  );

  // A guest's home page (ADR 038): the islands build's entry and the islands hydrated on load (the
  // ones below the fold load when scrolled near), read from the page's <Island> tags and the registry.
  const islandsManifest = JSON.parse(readFileSync(path.join(dist, '.vite/islands-manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const registry = readFileSync(path.join(webDir, 'src/islands/registry.ts'), 'utf8');
  const islandModule = (name: string) => {
    const found = registry.match(new RegExp(`'?${name}'?: \\(\\) =>\\s*import\\('\\.\\./([^']+)'\\)`));
    if (!found?.[1]) throw new Error(`island ${name} has no loader in src/islands/registry.ts`);
    return `src/${found[1]}`;
  };
  /** The islands a page hydrates on load (its <Island> tags without when="visible") and the files they need. */
  const guestPage = (files: string[]) => {
    const loadIslands = files.flatMap((file) =>
      [...readFileSync(path.join(webDir, file), 'utf8').matchAll(/<Island\s+name="([^"]+)"([^>]*?)\/>/gs)]
        .filter((m) => !/when="visible"/.test(m[2] ?? ''))
        .map((m) => m[1] ?? ''),
    );
    const guestFiles = new Set<string>();
    const visitIsland = (key: string) => {
      const chunk = islandsManifest[key];
      if (!chunk) throw new Error(`${key} is not in the islands manifest`);
      if (guestFiles.has(chunk.file)) return;
      guestFiles.add(chunk.file);
      for (const imported of chunk.imports ?? []) visitIsland(imported);
    };
    visitIsland('src/islands/entry.tsx');
    for (const name of loadIslands) visitIsland(islandModule(name));
    return { loadIslands, guestFiles };
  };
  const LAYOUT = 'src/app/layout/app-layout.tsx';
  const { loadIslands, guestFiles } = guestPage([LAYOUT, HOME_MODULE]);
  const guestGzip = sum(guestFiles, 'gzip');
  const guestBrotli = sum(guestFiles, 'brotli');
  const guestRows = [...guestFiles].map((file) => ({
    file,
    gzip: `${kb(size(file).gzip)} KB`,
    brotli: `${kb(size(file).brotli)} KB`,
  }));
  guestRows.push({
    file: `total (islands on load: ${loadIslands.join(', ')})`,
    gzip: `${kb(guestGzip)} KB`,
    brotli: `${kb(guestBrotli)} KB`,
  });
  printTable("JavaScript a guest's home page needs before it is interactive (islands, ADR 038):", guestRows);
  // Every public page made of islands (the routes with `islands: true`).
  const guestPages = [
    { page: '/{lang} (home)', files: [LAYOUT, HOME_MODULE] },
    { page: '/{lang}/search', files: [LAYOUT, 'src/app/search-route.tsx'] },
    { page: '/{lang}/teachers/{id}', files: [LAYOUT, 'src/features/teacher/teacher-page.tsx'] },
  ].map(({ page, files }) => {
    const found = guestPage(files);
    return {
      page,
      'islands on load': found.loadIslands.join(', '),
      gzip: `${kb(sum(found.guestFiles, 'gzip'))} KB`,
      brotli: `${kb(sum(found.guestFiles, 'brotli'))} KB`,
      files: found.guestFiles.size,
    };
  });
  printTable("JavaScript a guest's public page needs before it is interactive, per page (islands):", guestPages);

  const routeRows: Row[] = [];
  const routes = ROUTE_TABLES.flatMap(routesOf);
  for (const r of routes) {
    const own = new Set(r.modules.map((m) => manifest[m]?.file).filter((file): file is string => file !== undefined));
    const needed = closure([...r.layout, ...r.modules]);
    const beyondEntry = new Set([...needed.files].filter((f) => !entry.files.has(f)));
    routeRows.push({
      route: r.route,
      chunk: [...own].map((f) => path.basename(f)).join(' + '),
      'chunk gzip': `${kb(sum(own, 'gzip'))} KB`,
      'JS beyond entry gzip': `${kb(sum(beyondEntry, 'gzip'))} KB`,
      'JS beyond entry brotli': `${kb(sum(beyondEntry, 'brotli'))} KB`,
      chunks: beyondEntry.size,
    });
  }
  printTable('Per route (lazy chunks; "beyond entry" = the route chunk and the shared chunks it imports):', routeRows);

  // Every other lazy chunk (modals, socket client, carousels, toaster...).
  const routeFiles = new Set(routes.flatMap((r) => r.modules.map((m) => manifest[m]?.file)));
  const lazyRows = Object.entries(manifest)
    .filter(([, c]) => c.isDynamicEntry && !routeFiles.has(c.file) && !initial.files.has(c.file))
    .map(([key, c]) => ({ module: key, file: path.basename(c.file), gzip: `${kb(size(c.file).gzip)} KB` }));
  printTable('Other lazy chunks:', lazyRows);

  const met = guestGzip / 1024 <= BUDGET_KB;
  writeResult(
    'web-size',
    {
      title: 'Web: initial JS of the home route and per-route chunks',
      figures: {
        homeInitialJs: {
          gzipBytes: initialGzip,
          brotliBytes: initialBrotli,
          rawBytes: sum(initial.files, 'raw'),
          files: [...initial.files].map((file) => ({
            file,
            part: entry.files.has(file) ? 'entry' : 'home',
            ...size(file),
          })),
          css: [...initial.css].map((file) => ({ file, ...size(file) })),
        },
        guestHomeJs: { gzipBytes: guestGzip, brotliBytes: guestBrotli, loadIslands, files: [...guestFiles] },
        guestPages,
        routes: routes.map((r, i) => ({ ...r, ...routeRows[i] })),
        otherLazyChunks: lazyRows,
      },
      tables: [
        { title: 'home initial JS', rows: initialRows },
        { title: "a guest's public pages (islands)", rows: guestPages },
        { title: 'routes', rows: routeRows },
      ],
      budgets: [
        budget(
          "Web: JS a guest's home page needs before it is interactive (gzip -9)",
          `<= ${BUDGET_KB} KB`,
          `${kb(guestGzip)} KB (brotli ${kb(guestBrotli)} KB); the whole app, for a stored session: ${kb(initialGzip)} KB`,
          met,
          met ? undefined : `${kb(guestGzip - BUDGET_KB * 1024)} KB over`,
        ),
      ],
      notes: [],
    },
    meta,
  );
}

try {
  main();
} catch (error) {
  console.error(error);
  process.exit(1);
}
