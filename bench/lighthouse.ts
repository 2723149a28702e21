// Lighthouse, mobile (ARCHITECTURE.md "Budgets": performance >= 98, accessibility 100, best
// practices >= 95, SEO >= 95 on home, search and a teacher page, ar and en). Builds the web app
// (as `npm run build`: precompressed), serves it with the real server (PGlite with the demo data,
// compression on, as `npm start` does) and runs Lighthouse's default mobile configuration (Moto G
// Power emulation, simulated slow 4G and 4x CPU slowdown) in Debian's Chromium, headless.
//
//   npm run lighthouse -w @ustaz/bench  [-- --runs 3] [-- --reuse-build] [-- --pages search-ar,teacher-en]
//   (CHROME_PATH, default /usr/bin/chromium)
//
// `--pages` measures only the pages named (page-lang) and prints them, without writing a result: a
// quick look at one change, never the figures of record.
// With several runs the median performance score (and each category's median) is kept. The full
// Lighthouse reports (JSON) are left in /tmp/bench-lighthouse/ for a closer look.
import { existsSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { arg, budget, printTable, round, runMeta, writeResult } from './lib/results.ts';
import { freePort, scratchDir, startServer, stopProcess } from './lib/server.ts';
import { buildWeb } from './lib/web-build.ts';

const RUNS = arg('runs', 1);
const ONLY = arg('pages', '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const BUDGETS: Record<Category, number> = { performance: 98, accessibility: 100, 'best-practices': 95, seo: 95 };

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type Target = { page: string; lang: string; path: string };
type Run = {
  scores: Record<Category, number>;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; siMs: number };
  failing: string[];
  lighthouse: string;
  userAgent: string | undefined;
};
type Measured = Target & Pick<Run, 'scores' | 'metrics' | 'failing'> & { runs: Run[] };

const scoresOf = (score: (category: Category) => number) =>
  Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Record<Category, number>;

function getJson<T>(port: number, pathName: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathName }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`GET ${pathName}: ${res.statusCode} ${body.slice(0, 200)}`));
          else resolve(JSON.parse(body) as T);
        });
      })
      .on('error', reject);
  });
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

async function main() {
  const meta = runMeta();
  if (!existsSync(CHROME_PATH)) {
    throw new Error(`Chromium not found at ${CHROME_PATH} (apt-get install -y chromium, or set CHROME_PATH)`);
  }
  const dist = buildWeb({ reuse: arg('reuse-build', false) });
  const dir = scratchDir('lighthouse');
  const port = await freePort();
  console.log('Starting the server on PGlite with the demo data (first start seeds it)...');
  const server = await startServer({
    port,
    name: 'lighthouse',
    env: {
      WEB_DIST_DIR: dist,
      SEED_DEMO_DATA: 'true',
      PGLITE_DIR: `${dir}/db`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const targets: Target[] = [];
  const pages: Measured[] = [];
  const retries: string[] = [];
  try {
    const search = await getJson<{ data?: { id: number }[] }>(port, '/api/teachers/search?limit=1');
    const teacherId = search.data?.[0]?.id;
    if (!teacherId) throw new Error('no teacher in the demo data');
    for (const lang of ['ar', 'en']) {
      targets.push({ page: 'home', lang, path: `/${lang}` });
      targets.push({ page: 'search', lang, path: `/${lang}/search` });
      targets.push({ page: 'teacher', lang, path: `/${lang}/teachers/${teacherId}` });
    }
    const unknown = ONLY.filter((name) => !targets.some((t) => `${t.page}-${t.lang}` === name));
    if (unknown.length) throw new Error(`--pages: no page ${unknown.join(', ')} (home|search|teacher-ar|en)`);
    if (ONLY.length) targets.splice(0, targets.length, ...targets.filter((t) => ONLY.includes(`${t.page}-${t.lang}`)));
    // Warm the server (settings cache, first queries) so the first page is not measured cold.
    await getJson(port, `/api/teachers/profiles/${teacherId}`);
    await getJson(port, '/api/teachers/search');
    for (const p of targets) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        // A fresh Chromium per run (as the Lighthouse CLI does); a run whose trace failed (a runtime
        // error such as NO_NAVSTART, seen on a loaded machine) is tried again, up to 3 times.
        let lhr: Lhr | undefined;
        for (let attempt = 1; attempt <= 3; attempt++) {
          chrome = await chromeLauncher.launch({
            chromePath: CHROME_PATH,
            chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
          });
          try {
            const result = await lighthouse(
              `http://127.0.0.1:${port}${p.path}`,
              { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
              undefined,
            );
            if (!result) throw new Error(`${p.path}: Lighthouse gave no result`);
            lhr = result.lhr;
          } finally {
            await chrome.kill();
            chrome = undefined;
          }
          writeFileSync(path.join(dir, `${p.page}-${p.lang}-${i + 1}.json`), JSON.stringify(lhr));
          if (!lhr.runtimeError) break;
          console.log(`  ${p.path}: ${lhr.runtimeError.code} (attempt ${attempt} of 3)`);
          retries.push(`${p.path}: ${lhr.runtimeError.code}`);
        }
        if (!lhr) throw new Error(`${p.path}: no Lighthouse report`);
        if (lhr.runtimeError) throw new Error(`${p.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const report = lhr;
        runs.push({
          scores: scoresOf((c) => Math.round((report.categories[c]?.score ?? 0) * 100)),
          metrics: {
            fcpMs: round(report.audits['first-contentful-paint']?.numericValue ?? Number.NaN, 0),
            lcpMs: round(report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN, 0),
            tbtMs: round(report.audits['total-blocking-time']?.numericValue ?? Number.NaN, 0),
            cls: round(report.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN, 3),
            siMs: round(report.audits['speed-index']?.numericValue ?? Number.NaN, 0),
          },
          failing: Object.values(report.categories)
            .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0).map((ref) => report.audits[ref.id]))
            .filter((a) => a !== undefined && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
            .map((a) => `${a?.id} (${round(a?.score ?? 0, 2)})`),
          lighthouse: report.lighthouseVersion,
          userAgent: report.environment?.hostUserAgent,
        });
        console.log(`  ${p.path} run ${i + 1}: ${CATEGORIES.map((c) => `${c} ${runs.at(-1)?.scores[c]}`).join(', ')}`);
      }
      const best = runs.find((r) => r.scores.performance === median(runs.map((x) => x.scores.performance)));
      if (!best) throw new Error(`${p.path}: no run`);
      pages.push({
        ...p,
        scores: scoresOf((c) => median(runs.map((r) => r.scores[c]))),
        metrics: best.metrics,
        failing: best.failing,
        runs,
      });
    }
  } finally {
    if (chrome) await chrome.kill();
    await stopProcess(server);
  }

  const rows = pages.map((p) => ({
    page: p.page,
    lang: p.lang,
    performance: p.scores.performance,
    accessibility: p.scores.accessibility,
    'best-practices': p.scores['best-practices'],
    seo: p.scores.seo,
    'FCP ms': p.metrics.fcpMs,
    'LCP ms': p.metrics.lcpMs,
    'TBT ms': p.metrics.tbtMs,
    CLS: p.metrics.cls,
  }));
  printTable(`Lighthouse ${pages[0]?.runs[0]?.lighthouse ?? ''} mobile (median of ${RUNS} run(s) per page):`, rows);
  for (const p of pages) if (p.failing.length) console.log(`  ${p.path} below 1: ${p.failing.join(', ')}`);

  const budgets: ReturnType<typeof budget>[] = CATEGORIES.map((c) => {
    const worst = Math.min(...pages.map((p) => p.scores[c]));
    const worstPages = pages.filter((p) => p.scores[c] === worst).map((p) => `${p.page} ${p.lang}`);
    const target = c === 'accessibility' ? '100' : `>= ${BUDGETS[c]}`;
    return budget(
      `Lighthouse mobile ${c} (worst of 6 pages)`,
      target,
      `${worst} (${worstPages.join(', ')})`,
      worst >= BUDGETS[c],
    );
  });
  // Issue 33's targets: each page's median performance >= 95 (no run under 90), and its metrics.
  const everyRun = pages.flatMap((p) => p.runs.map((r) => ({ page: `${p.page} ${p.lang}`, ...r })));
  const lowestMedian = Math.min(...pages.map((p) => p.scores.performance));
  const lowestRun = Math.min(...everyRun.map((r) => r.scores.performance));
  const worstOf = (metric: keyof Run['metrics']) => {
    const worst = pages.reduce((a, b) => (b.metrics[metric] > a.metrics[metric] ? b : a));
    return { value: worst.metrics[metric], where: `${worst.page} ${worst.lang}` };
  };
  const tbt = worstOf('tbtMs');
  const lcp = worstOf('lcpMs');
  const cls = worstOf('cls');
  // Why a miss, and what is next (issue 33: the summary says so beside the figure).
  const WHY_TBT =
    'why: evaluating and hydrating the islands at 4x CPU after the first paint, the search island the largest; ' +
    "the same page's TBT varies 4x between runs on this shared 2-core machine (Lighthouse multiplies the host's task times by 4); " +
    'next: the search results as server HTML, the box and filters as islands';
  const WHY_LCP = 'why: the LCP text waits for the HTML and its preloaded font on slow 4G; next: a smaller first HTML';
  const WHY_CLS = "why: a part of the page changed size after the first paint (see the run's layout-shifts audit)";
  // A budget of issue 33, with its why and next beside the figure when missed.
  const issueBudget = (name: string, target: string, measured: string, met: boolean, why: string) =>
    budget(name, target, measured, met, met ? undefined : why);
  budgets.push(
    issueBudget(
      'Lighthouse mobile performance, median per page (issue 33)',
      '>= 95 on every page, no run under 90',
      `lowest median ${lowestMedian}, lowest run ${lowestRun}`,
      lowestMedian >= 95 && lowestRun >= 90,
      WHY_TBT,
    ),
    issueBudget(
      'Lighthouse Total Blocking Time (worst page)',
      '<= 200 ms',
      `${tbt.value} ms (${tbt.where})`,
      tbt.value <= 200,
      WHY_TBT,
    ),
    issueBudget(
      'Lighthouse LCP (worst page)',
      '<= 2.0 s',
      `${round(lcp.value / 1000, 2)} s (${lcp.where})`,
      lcp.value <= 2000,
      WHY_LCP,
    ),
    issueBudget('Lighthouse CLS (worst page)', '<= 0.02', `${cls.value} (${cls.where})`, cls.value <= 0.02, WHY_CLS),
  );
  if (ONLY.length) {
    console.log(`--pages ${ONLY.join(',')}: not written to bench/results (a partial run)`);
    return;
  }
  writeResult(
    'lighthouse',
    {
      title: 'Lighthouse (mobile) on home, search and a teacher page, ar and en',
      options: { runs: RUNS, chrome: CHROME_PATH, flags: '--headless=new --no-sandbox', preset: 'mobile (default)' },
      figures: { pages },
      tables: [{ title: 'scores', rows }],
      budgets,
      notes: [
        `served by the real server (PGlite, demo data, compression, precompressed assets) on 127.0.0.1; Lighthouse's simulated throttling`,
        ...(retries.length ? [`runs tried again after a Lighthouse runtime error: ${retries.join(', ')}`] : []),
      ],
    },
    meta,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
