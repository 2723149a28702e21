import { readFileSync } from 'node:fs';
import { ADMIN_PAGE_ROUTES, LANGUAGES, PAGE_ROUTES, PAGE_TITLE_KEYS, PAYMENT_RESULTS } from '@ustaz/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { websiteSettings } from '../db/schema.ts';
import { INITIAL_SETTINGS } from '../modules/settings/settings.service.ts';
import { useWebDistApp } from '../test/web-dist.ts';
import { readRouteTitles } from './route-titles.ts';

/** The web's own locale files, as the build copies them. */
const locale = (language: string) =>
  readFileSync(new URL(`../../../web/public/locales/${language}/common.json`, import.meta.url), 'utf8');

const DEFAULT_TITLE = 'أستاذ | دروس خصوصية في الكويت';

/** A path of each route: parameters filled with values it accepts. */
function pathOf(route: string): string {
  return route.replace(':result', PAYMENT_RESULTS[0]).replace(':userId', '2').replace(':id', '1');
}

function titleOf(html: string): string {
  const raw = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  return raw.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

describe('every page route carries its title with the settings default title in the HTML (spec 2)', () => {
  const { t, dist } = useWebDistApp({ 'locales/ar/common.json': locale('ar'), 'locales/en/common.json': locale('en') });
  const titles = readRouteTitles(dist.dir);

  beforeAll(async () => {
    await t.database.db.insert(websiteSettings).values({ ...INITIAL_SETTINGS, defaultTitle: DEFAULT_TITLE });
  });

  const routes = [...PAGE_ROUTES, ...ADMIN_PAGE_ROUTES].filter((route) => route !== 'teachers/:id');
  const cases = LANGUAGES.flatMap((language) => routes.map((route) => [language, route] as const));

  it.each(cases)('/%s/%s', async (language, route) => {
    const res = await t.app.inject({ url: `/${language}/${pathOf(route)}` });
    expect(res.statusCode).toBe(200);
    const own = titles[language][PAGE_TITLE_KEYS[route]];
    expect(own, `titles.${PAGE_TITLE_KEYS[route]} in ${language}/common.json`).toBeTruthy();
    expect(titleOf(res.body)).toBe(route === '' ? DEFAULT_TITLE : `${own} · ${DEFAULT_TITLE}`);
  });

  it('a page that does not exist is "Page not found" with the default title', async () => {
    const res = await t.app.inject({ url: '/en/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(titleOf(res.body)).toBe(`${titles.en.notFound} · ${DEFAULT_TITLE}`);
  });
});
