import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { subjects, teacherProfiles, users } from '../../db/schema.ts';
import type { TestTeacher } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createSeoService } from './seo.service.ts';

const BASE = 'http://ustaz.test';
const SCHEMA = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schemas/sitemap-with-alternates.xsd');

/**
 * xmllint's verdict on a document against sitemaps.org's schema (with the xhtml:link alternates):
 * '' when valid, else its messages. `.ci/run` installs libxml2-utils for it.
 */
function xsdProblems(xml: string): string {
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', SCHEMA, '-'], { input: xml, stdio: 'pipe' });
    return '';
  } catch (error) {
    const failure = error as { code?: string; stderr?: Buffer };
    if (failure.code === 'ENOENT') throw new Error('xmllint is missing: apt-get install libxml2-utils');
    return String(failure.stderr);
  }
}

/** The entries of a sitemap: each url's loc, lastmod and alternates by hreflang. */
function entriesOf(xml: string) {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => {
    const body = match[1] ?? '';
    return {
      loc: /<loc>([^<]*)<\/loc>/.exec(body)?.[1] ?? '',
      lastmod: /<lastmod>([^<]*)<\/lastmod>/.exec(body)?.[1],
      alternates: Object.fromEntries(
        [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((link) => [
          link[1],
          link[2],
        ]),
      ),
    };
  });
}

describe('sitemap.xml and robots.txt', () => {
  const { t, f: factory } = useTestApp();
  let listed: TestTeacher;
  let unapproved: TestTeacher;
  let suspended: TestTeacher;
  let taught: number;
  let untaught: number;
  let inactive: number;

  beforeAll(async () => {
    const maths = await factory.subject({ nameEn: 'Maths' });
    const chess = await factory.subject({ nameEn: 'Chess' });
    const latin = await factory.subject({ nameEn: 'Latin' });
    await t.database.db.update(subjects).set({ isActive: false }).where(eq(subjects.id, latin.id));
    taught = maths.id;
    untaught = chess.id;
    inactive = latin.id;
    listed = await factory.teacher({ subjects: [maths, latin] });
    unapproved = await factory.teacher({ subjects: [chess], profile: { approvedAt: null } });
    suspended = await factory.teacher({ subjects: [chess], status: 'suspended' });
    await t.database.db
      .update(teacherProfiles)
      .set({ updatedAt: new Date('2026-03-04T05:06:07.890Z') })
      .where(eq(teacherProfiles.id, listed.profile.id));
    await t.database.db
      .update(users)
      .set({ updatedAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(users.id, listed.user.id));
  });

  it('is valid against the sitemaps.org schema', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xsdProblems(res.body)).toBe('');
  });

  it('the schema check fails a sitemap that breaks it (the validator is really run)', () => {
    const valid = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
<url><loc>${BASE}/ar</loc><lastmod>2026-03-04T05:06:07Z</lastmod><xhtml:link rel="alternate" hreflang="en" href="${BASE}/en"/></url>
</urlset>`;
    expect(xsdProblems(valid)).toBe('');
    expect(xsdProblems(valid.replace('2026-03-04T05:06:07Z', '4 March 2026'))).toContain('lastmod');
    expect(xsdProblems(valid.replace(`<loc>${BASE}/ar</loc>`, ''))).toContain('loc');
    expect(xsdProblems(valid.replace(' hreflang="en"', ''))).toContain('hreflang');
    expect(xsdProblems(valid.replace('<url>', '<url><priority>2</priority>'))).not.toBe('');
  });

  it('lists every listed teacher and taught active subject in both languages, with lastmod and alternates', async () => {
    const entries = entriesOf((await t.app.inject({ url: '/sitemap.xml' })).body);
    const locs = entries.map((entry) => entry.loc);
    expect(new Set(locs).size).toBe(locs.length);
    for (const language of ['ar', 'en']) {
      expect(locs).toContain(`${BASE}/${language}`);
      expect(locs).toContain(`${BASE}/${language}/about`);
      expect(locs).toContain(`${BASE}/${language}/teachers/${listed.profile.id}`);
      expect(locs).toContain(`${BASE}/${language}/search?subject=${taught}`);
    }
    for (const hidden of [unapproved, suspended]) {
      expect(locs.some((loc) => loc.endsWith(`/teachers/${hidden.profile.id}`))).toBe(false);
    }
    // A subject only unlisted teachers teach, and an inactive one, have no page of their own.
    expect(locs.some((loc) => loc.endsWith(`?subject=${untaught}`))).toBe(false);
    expect(locs.some((loc) => loc.endsWith(`?subject=${inactive}`))).toBe(false);
    expect(locs.some((loc) => /\/(login|profile|admin|reservations)/.test(loc))).toBe(false);

    const teacher = entries.find((entry) => entry.loc === `${BASE}/en/teachers/${listed.profile.id}`);
    // The later of the profile's and the user's change, to the second.
    expect(teacher?.lastmod).toBe('2026-03-04T05:06:07Z');
    expect(teacher?.alternates).toEqual({
      ar: `${BASE}/ar/teachers/${listed.profile.id}`,
      en: `${BASE}/en/teachers/${listed.profile.id}`,
      'x-default': `${BASE}/ar/teachers/${listed.profile.id}`,
    });
    expect(entries.find((entry) => entry.loc.endsWith(`/en/search?subject=${taught}`))?.lastmod).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/,
    );
    // Every alternate is itself an entry (hreflang sets must be reciprocal).
    for (const entry of entries) {
      for (const href of Object.values(entry.alternates)) expect(locs).toContain(href);
    }
  });

  it('is kept for a while and then read again from the database', async () => {
    let now = new Date('2026-11-26T00:00:00Z');
    const seo = createSeoService(t.database.db, { publicUrl: `${BASE}/`, cacheMs: 60_000, now: () => now });
    const before = await seo.sitemap();
    const newcomer = await factory.teacher();
    const path = `${BASE}/en/teachers/${newcomer.profile.id}`;
    now = new Date(now.getTime() + 59_000);
    expect(await seo.sitemap()).toBe(before);
    now = new Date(now.getTime() + 2_000);
    expect(await seo.sitemap()).toContain(`<loc>${path}</loc>`);
    // A clock that went back does not keep an old list.
    now = new Date(now.getTime() - 3_600_000);
    await factory.teacher();
    expect(entriesOf(await seo.sitemap()).length).toBeGreaterThan(entriesOf(before).length + 2);
  });

  it('robots.txt allows the pages and the photos, keeps crawlers off the API and the admin area, names the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Allow: /api/v1/files/',
        'Disallow: /api/',
        'Disallow: /ar/admin',
        'Disallow: /en/admin',
        `Sitemap: ${BASE}/sitemap.xml`,
      ]),
    );
  });
});
