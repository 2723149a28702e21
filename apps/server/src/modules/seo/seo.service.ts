import { INDEXED_PAGE_ROUTES, LANGUAGES, type Language } from '@ustaz/contract';
import type { Db } from '../../db/client.ts';
import { findActiveSubjectNames, listedTeacherDates, taughtSubjectDates } from './seo.repo.ts';

type Options = {
  /** The site's public address (config PUBLIC_URL): every address in the sitemap and robots.txt starts with it. */
  publicUrl: string;
  /** How long a built sitemap is served again before the database is read anew. */
  cacheMs?: number;
  /** The clock the cache ages by (app.clock). */
  now?: () => Date;
};

export const SITEMAP_CACHE_MS = 5 * 60_000;

/** The sitemaps.org limit of addresses in one sitemap file. */
const SITEMAP_MAX_URLS = 50_000;

function xmlEscape(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A W3C datetime to the second, as sitemaps.org asks for `lastmod`. */
function w3cDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

type Entry = { path: string; lastmod?: Date };

/**
 * Search engines' view of the site (issue 18): the sitemap of every listed teacher's page and
 * every taught subject's search page, in both languages with their alternates, and robots.txt.
 * The sitemap is built from the database and kept for `cacheMs` (a new teacher shows within it).
 */
export function createSeoService(db: Db, { publicUrl, cacheMs = SITEMAP_CACHE_MS, now = () => new Date() }: Options) {
  const origin = publicUrl.replace(/\/+$/, '');
  let cached: { xml: string; at: number } | null = null;

  function urlEntry({ path, lastmod }: Entry, language: Language): string {
    const links = [
      ...LANGUAGES.map((other) => ({ hreflang: other, href: `${origin}/${other}${path}` })),
      { hreflang: 'x-default', href: `${origin}/ar${path}` },
    ]
      .map((link) => `<xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${xmlEscape(link.href)}"/>`)
      .join('');
    return `<url><loc>${xmlEscape(`${origin}/${language}${path}`)}</loc>${
      lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ''
    }${links}</url>`;
  }

  async function buildSitemap(): Promise<string> {
    const [teachers, taught] = await Promise.all([listedTeacherDates(db), taughtSubjectDates(db)]);
    const entries: Entry[] = [
      ...INDEXED_PAGE_ROUTES.map((route) => ({ path: route === '' ? '' : `/${route}` })),
      ...teachers.map((row) => ({ path: `/teachers/${row.id}`, lastmod: row.lastmod })),
      ...taught.map((row) => ({ path: `/search?subject=${row.id}`, lastmod: row.lastmod })),
    ].slice(0, Math.floor(SITEMAP_MAX_URLS / LANGUAGES.length));
    const urls = entries.flatMap((entry) => LANGUAGES.map((language) => urlEntry(entry, language)));
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
  }

  return {
    /** /sitemap.xml: built anew when the kept one is older than `cacheMs`. */
    async sitemap(): Promise<string> {
      const at = now().getTime();
      if (cached && at - cached.at < cacheMs && at >= cached.at) return cached.xml;
      const xml = await buildSitemap();
      cached = { xml, at };
      return xml;
    },

    /** /robots.txt: everything but the API and the admin area may be crawled; the sitemap's address. */
    robots(): string {
      return [
        'User-agent: *',
        'Allow: /',
        // Teacher photos are share-card images; the rest of the API is not for crawlers.
        'Allow: /api/v1/files/',
        'Disallow: /api/',
        ...LANGUAGES.map((language) => `Disallow: /${language}/admin`),
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n');
    },

    /** The name of an active subject in a language, for its search page's head; undefined otherwise. */
    async subjectName(id: number, language: Language): Promise<string | undefined> {
      const row = await findActiveSubjectNames(db, id);
      if (!row) return undefined;
      return (language === 'ar' ? row.nameAr : row.nameEn).trim() || row.nameAr;
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
