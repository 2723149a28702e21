import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files, teacherProfiles, users, websiteSettings } from '../db/schema.ts';
import { INITIAL_SETTINGS } from '../modules/settings/settings.service.ts';
import type { TestTeacher } from '../test/factories.ts';
import { schemaOrgProblems } from '../test/schema-org.ts';
import { useWebDistApp } from '../test/web-dist.ts';
import { acceptedLanguages, firstVisitLanguage } from './first-language.ts';

const BASE = 'http://ustaz.test';

/** The attribute values of the tags a page's head carries, by a key like `meta[property=og:title]`. */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const decode = (value: string) =>
    value.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));
  const metas = new Map<string, string[]>();
  for (const match of head.matchAll(/<meta (name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    const key = `${match[1]}=${match[2]}`;
    metas.set(key, [...(metas.get(key) ?? []), decode(match[3] ?? '')]);
  }
  const links = [...head.matchAll(/<link rel="(canonical|alternate)"(?: hreflang="([^"]+)")? href="([^"]*)" \/>/g)].map(
    (match) => ({ rel: match[1], hreflang: match[2], href: decode(match[3] ?? '') }),
  );
  const jsonLd = [...head.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    meta: (key: string) => metas.get(key)?.[0],
    metaAll: (key: string) => metas.get(key) ?? [],
    canonical: links.find((link) => link.rel === 'canonical')?.href,
    alternates: Object.fromEntries(links.filter((l) => l.rel === 'alternate').map((l) => [l.hreflang, l.href])),
    jsonLd,
    ofType: (type: string) => jsonLd.find((data) => data['@type'] === type),
  };
}

describe('language on the first visit (pure)', () => {
  it('reads Accept-Language weights, best first, ties in header order', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      { range: 'fr-ch', q: 1 },
      { range: 'fr', q: 0.9 },
      { range: 'en', q: 0.8 },
      { range: 'de', q: 0.7 },
      { range: '*', q: 0.5 },
    ]);
    expect(acceptedLanguages('ar;q=0.5, en;q=0.9')).toEqual([
      { range: 'en', q: 0.9 },
      { range: 'ar', q: 0.5 },
    ]);
    expect(acceptedLanguages('en;q=2, ar')).toEqual([
      { range: 'ar', q: 1 },
      { range: 'en', q: 0 },
    ]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it.each([
    [{ 'accept-language': 'en-US,en;q=0.9' }, 'en'],
    [{ 'accept-language': 'en-GB, ar;q=0.3' }, 'en'],
    [{ 'accept-language': 'ar-KW,ar;q=0.9,en;q=0.8' }, 'ar'],
    [{ 'accept-language': 'ar;q=0.4, en;q=0.6' }, 'en'],
    [{ 'accept-language': 'en;q=0, fr' }, 'ar'],
    [{ 'accept-language': 'fr' }, 'ar'],
    [{ 'accept-language': 'fr, en;q=0.5' }, 'en'],
    [{ 'accept-language': '*' }, 'ar'],
    [{}, 'ar'],
    [{ cookie: 'a=1; lang=ar', 'accept-language': 'en-US' }, 'ar'],
    [{ cookie: 'lang=en', 'accept-language': 'ar' }, 'en'],
    [{ cookie: 'lang=fr', 'accept-language': 'en' }, 'en'],
    [{ cookie: 'xlang=en' }, 'ar'],
  ] as const)('%o -> %s', (headers, expected) => {
    expect(firstVisitLanguage(headers)).toBe(expected);
  });
});

describe('pages as search engines and share cards see them', () => {
  const { t, f: factory } = useWebDistApp();
  let rated: TestTeacher;
  let plain: TestTeacher;
  let subjectId: number;
  let photoId: string;
  const HOSTILE_BIO = 'I teach </script><script>alert(1)</script> & "quotes" \'too\' <!-- end';

  beforeAll(async () => {
    await t.database.db.insert(websiteSettings).values({
      ...INITIAL_SETTINGS,
      appName: '',
      appNameEn: null,
      defaultTitle: '',
      defaultDescription: '',
      contactEmail: 'hello@ustaz.test',
      contactPhone: '+965 2227 0000',
      contactAddress: 'Kuwait City',
      contactAddressEn: null,
      facebookUrl: null,
      linkedinUrl: null,
      youtubeUrl: null,
      instagramUrl: 'https://instagram.com/ustaz',
      twitterUrl: 'javascript:alert(1)',
    });
    const maths = await factory.subject({ nameAr: 'رياضيات', nameEn: 'Maths' });
    const physics = await factory.subject({ nameAr: 'فيزياء', nameEn: 'Physics' });
    subjectId = maths.id;
    rated = await factory.teacher({
      firstName: 'Sara',
      lastName: 'Al-"Ali"',
      subjects: [maths, physics],
      averageRating: 4.5,
      ratingCount: 12,
      profile: {
        bioEn: HOSTILE_BIO,
        bioAr: 'معلمة رياضيات بخبرة طويلة',
        majorEn: 'Mathematics',
        hourlyRateFils: 7_500,
      },
    });
    plain = await factory.teacher({ firstName: 'Omar', lastName: 'Saleh', subjects: [physics] });
    photoId = randomUUID();
    await t.database.db
      .insert(files)
      .values({ id: photoId, ownerId: rated.user.id, storageKey: `${photoId}.webp`, mimeType: 'image/webp', size: 10 });
    await t.database.db.update(users).set({ photoFileId: photoId }).where(eq(users.id, rated.user.id));
  });

  describe('redirects of / and unprefixed paths', () => {
    it.each([
      [{}, '/', '/ar'],
      [{ 'accept-language': 'en-US,en;q=0.9,ar;q=0.8' }, '/', '/en'],
      [{ 'accept-language': 'ar-KW,en;q=0.5' }, '/', '/ar'],
      [{ 'accept-language': 'de-DE' }, '/', '/ar'],
      [{ 'accept-language': 'en-US', cookie: 'lang=ar' }, '/', '/ar'],
      [{ 'accept-language': 'ar', cookie: 'session=x; lang=en' }, '/', '/en'],
      [{ 'accept-language': 'en' }, '/teachers/5?tab=reviews', '/en/teachers/5?tab=reviews'],
      [{ cookie: 'lang=en' }, '/fr/about', '/en/about'],
      [{}, '//evil.example/x', '/ar/evil.example/x'],
    ] as const)('%o %s -> %s', async (headers, url, location) => {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(location);
      expect(res.headers.vary).toBe('Cookie, Accept-Language');
      expect(res.headers['cache-control']).toBe('private, no-cache');
    });

    it('leaves prefixed pages, the API and files alone', async () => {
      expect((await t.app.inject({ url: '/en', headers: { cookie: 'lang=ar' } })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/nope', headers: { 'accept-language': 'en' } })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/missing.png' })).statusCode).toBe(404);
    });
  });

  describe('a teacher page', () => {
    it('in English: title, description, canonical, alternates, Open Graph and Twitter card with the photo', async () => {
      const res = await t.app.inject({ url: `/en/teachers/${rated.profile.id}` });
      expect(res.statusCode).toBe(200);
      const head = headOf(res.body);
      expect(head.title).toBe('Sara Al-"Ali", Maths and Physics teacher · Ustaz');
      expect(head.meta('name=description')).toMatch(
        /^Maths and Physics teacher\. Rated 4\.5 \(12 reviews\)\. KWD 7\.500 an hour\. I teach <\/script>/,
      );
      expect(head.meta('name=description')?.length).toBeLessThanOrEqual(160);
      expect(head.meta('name=robots')).toBeUndefined();
      const url = `${BASE}/en/teachers/${rated.profile.id}`;
      expect(head.canonical).toBe(url);
      expect(head.alternates).toEqual({
        ar: `${BASE}/ar/teachers/${rated.profile.id}`,
        en: url,
        'x-default': `${BASE}/ar/teachers/${rated.profile.id}`,
      });
      expect(head.meta('property=og:type')).toBe('profile');
      expect(head.meta('property=og:url')).toBe(url);
      expect(head.meta('property=og:title')).toBe(head.title);
      expect(head.meta('property=og:image')).toBe(`${BASE}/api/v1/files/${photoId}`);
      expect(head.meta('property=og:locale')).toBe('en_US');
      expect(head.metaAll('property=og:locale:alternate')).toEqual(['ar_KW']);
      expect(head.meta('name=twitter:card')).toBe('summary');
      expect(head.meta('name=twitter:image')).toBe(`${BASE}/api/v1/files/${photoId}`);
      expect(head.meta('name=twitter:title')).toBe(head.title);
    });

    it('in Arabic: Arabic texts with Arabic-Indic digits and the ar_KW locale', async () => {
      const res = await t.app.inject({ url: `/ar/teachers/${rated.profile.id}` });
      const head = headOf(res.body);
      expect(res.body).toContain('<html lang="ar" dir="rtl">');
      expect(head.title).toBe('Sara Al-"Ali"، معلم رياضيات وفيزياء · أستاذ');
      const description = head.meta('name=description') ?? '';
      expect(description).toContain('التقييم ٤٫٥ (١٢ تقييمًا).');
      expect(description).toContain('٧٫٥٠٠');
      expect(description).toContain('معلمة رياضيات بخبرة طويلة');
      expect(description).not.toMatch(/[0-9]/);
      expect(head.meta('property=og:locale')).toBe('ar_KW');
      expect(head.metaAll('property=og:locale:alternate')).toEqual(['en_US']);
      expect(head.canonical).toBe(`${BASE}/ar/teachers/${rated.profile.id}`);
    });

    it('escapes a bio holding </script>, quotes and a comment opener in every tag and in the JSON-LD', async () => {
      const res = await t.app.inject({ url: `/en/teachers/${rated.profile.id}` });
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      // One script element of the app and two data blocks; the bio's script never became one.
      expect(head.match(/<script\b/g)).toHaveLength(3);
      expect(head).not.toContain('alert(1)</script>');
      expect(head).not.toContain('<!-- end');
      expect(head).toContain('I teach &#60;/script&#62;&#60;script&#62;alert(1)');
      expect(head).toContain('\\u003c/script\\u003e');
      // The data block is JSON the bio comes out of unchanged.
      const person = headOf(res.body).ofType('Person');
      expect(person?.description).toBe(HOSTILE_BIO);
      expect(person?.familyName).toBe('Al-"Ali"');
    });

    it('JSON-LD: a Person making an Offer in KWD, rated from published reviews, and breadcrumbs; valid schema.org', async () => {
      const head = headOf((await t.app.inject({ url: `/en/teachers/${rated.profile.id}` })).body);
      const person = head.ofType('Person');
      expect(schemaOrgProblems(person)).toEqual([]);
      expect(person).toMatchObject({
        '@context': 'https://schema.org',
        name: 'Sara Al-"Ali"',
        url: `${BASE}/en/teachers/${rated.profile.id}`,
        image: `${BASE}/api/v1/files/${photoId}`,
        jobTitle: 'Mathematics',
        knowsAbout: ['Maths', 'Physics'],
        makesOffer: {
          '@type': 'Offer',
          price: 7.5,
          priceCurrency: 'KWD',
          itemOffered: {
            '@type': 'Service',
            aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 12, reviewCount: 12 },
          },
        },
      });
      const breadcrumbs = head.ofType('BreadcrumbList');
      expect(schemaOrgProblems(breadcrumbs)).toEqual([]);
      expect(breadcrumbs?.itemListElement).toEqual([
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${BASE}/en` },
        { '@type': 'ListItem', position: 2, name: 'Teachers', item: `${BASE}/en/teachers` },
        { '@type': 'ListItem', position: 3, name: 'Sara Al-"Ali"', item: `${BASE}/en/teachers/${rated.profile.id}` },
      ]);
    });

    it('a teacher without published reviews has no rating, and no photo falls back to the default image', async () => {
      const res = await t.app.inject({ url: `/en/teachers/${plain.profile.id}` });
      const head = headOf(res.body);
      const person = head.ofType('Person');
      expect(schemaOrgProblems(person)).toEqual([]);
      expect(JSON.stringify(person)).not.toContain('aggregateRating');
      expect(person).not.toHaveProperty('image');
      expect(head.meta('name=description')).toBe('Physics teacher. KWD 10.000 an hour.');
      expect(head.meta('property=og:image')).toBe(INITIAL_SETTINGS.defaultOgImage ?? undefined);
    });

    it.each([
      '/en/teachers/999999',
      '/ar/teachers/abc',
      '/en/teachers/0',
      '/en/teachers/99999999999',
      '/en/teachers/-3',
    ])('%s: 404 with the app and the not-found head', async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<div id="root"></div>');
      const head = headOf(res.body);
      expect(head.title).toMatch(/^(Page not found · Ustaz|الصفحة غير موجودة · أستاذ)$/);
      expect(head.meta('name=robots')).toBe('noindex');
      expect(head.canonical).toBeUndefined();
      expect(head.jsonLd).toEqual([]);
    });

    it('a teacher who is not listed (suspended, not approved) is not found', async () => {
      const hidden = await factory.teacher({ profile: { approvedAt: null } });
      expect((await t.app.inject({ url: `/en/teachers/${hidden.profile.id}` })).statusCode).toBe(404);
      await t.database.db
        .update(teacherProfiles)
        .set({ approvedAt: new Date() })
        .where(eq(teacherProfiles.id, hidden.profile.id));
      expect((await t.app.inject({ url: `/en/teachers/${hidden.profile.id}` })).statusCode).toBe(200);
      await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, hidden.user.id));
      expect((await t.app.inject({ url: `/en/teachers/${hidden.profile.id}` })).statusCode).toBe(404);
    });
  });

  describe('other pages', () => {
    it('home: the settings-less fallback texts and an EducationalOrganization with the contact data', async () => {
      for (const language of ['ar', 'en'] as const) {
        const res = await t.app.inject({ url: `/${language}` });
        expect(res.statusCode).toBe(200);
        const head = headOf(res.body);
        expect(head.title).toBe(
          language === 'ar' ? 'أستاذ | منصة الدروس الخصوصية' : 'Ustaz | Online tutoring in Kuwait',
        );
        expect(head.canonical).toBe(`${BASE}/${language}`);
        expect(head.alternates).toEqual({ ar: `${BASE}/ar`, en: `${BASE}/en`, 'x-default': `${BASE}/ar` });
        const organization = head.ofType('EducationalOrganization');
        expect(schemaOrgProblems(organization)).toEqual([]);
        expect(organization).toMatchObject({
          name: language === 'ar' ? 'أستاذ' : 'Ustaz',
          url: `${BASE}/${language}`,
          email: 'hello@ustaz.test',
          telephone: '+965 2227 0000',
          address: 'Kuwait City',
          contactPoint: { '@type': 'ContactPoint', email: 'hello@ustaz.test', telephone: '+965 2227 0000' },
          // The javascript: link from settings is left out.
          sameAs: ['https://instagram.com/ustaz'],
        });
      }
    });

    it.each([
      ['en', 'teachers', 'Teachers · Ustaz', 'Qualified teachers'],
      ['ar', 'teachers', 'المعلمون · أستاذ', 'معلمون مؤهلون'],
      ['en', 'about', 'About us · Ustaz', 'Meet Ustaz'],
      ['ar', 'about-platform', 'عن المنصة · أستاذ', 'كيف تعمل المنصة'],
      ['en', 'privacy', 'Privacy policy · Ustaz', 'protect your data'],
      ['ar', 'terms', 'الشروط والأحكام · أستاذ', 'شروط استخدام'],
      ['en', 'contact', 'Contact us · Ustaz', 'e-mail or WhatsApp'],
      ['ar', 'subscriptions', 'الاشتراكات · أستاذ', 'ساعات الدروس'],
      ['en', 'search', 'Find a teacher · Ustaz', 'Search by teacher name'],
    ] as const)(
      '/%s/%s: its title, description, canonical and breadcrumbs',
      async (language, page, title, description) => {
        const res = await t.app.inject({ url: `/${language}/${page}?utm_source=x` });
        expect(res.statusCode).toBe(200);
        const head = headOf(res.body);
        expect(head.title).toBe(title);
        expect(head.meta('name=description')).toContain(description);
        expect(head.meta('property=og:title')).toBe(title);
        expect(head.canonical).toBe(`${BASE}/${language}/${page}`);
        expect(head.alternates['x-default']).toBe(`${BASE}/ar/${page}`);
        const breadcrumbs = head.ofType('BreadcrumbList');
        expect(schemaOrgProblems(breadcrumbs)).toEqual([]);
        expect(((breadcrumbs?.itemListElement ?? []) as { item: string }[]).map((item) => item.item)).toEqual([
          `${BASE}/${language}`,
          `${BASE}/${language}/${page}`,
        ]);
      },
    );

    it("a subject's search page is named after the subject, its canonical keeps only ?subject", async () => {
      const en = headOf((await t.app.inject({ url: `/en/search?subject=${subjectId}&page=2` })).body);
      expect(en.title).toBe('Maths teachers · Ustaz');
      expect(en.meta('name=description')).toBe('Compare Maths teachers on Ustaz and book your private lesson online.');
      expect(en.canonical).toBe(`${BASE}/en/search?subject=${subjectId}`);
      expect(en.alternates.ar).toBe(`${BASE}/ar/search?subject=${subjectId}`);
      const ar = headOf((await t.app.inject({ url: `/ar/search?subject=${subjectId}` })).body);
      expect(ar.title).toBe('معلمو رياضيات · أستاذ');
      // An unknown subject is the plain search page.
      const unknown = headOf((await t.app.inject({ url: '/en/search?subject=987654' })).body);
      expect(unknown.title).toBe('Find a teacher · Ustaz');
      expect(unknown.canonical).toBe(`${BASE}/en/search`);
    });

    it('signed-in and sign-in pages stay 200 with the default head, noindex and no canonical', async () => {
      for (const url of ['/en/login', '/ar/reservations', '/en/chats/5', '/en/admin/users', '/ar/profile/edit']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        const head = headOf(res.body);
        expect(head.meta('name=robots'), url).toBe('noindex');
        expect(head.canonical, url).toBeUndefined();
        expect(head.jsonLd, url).toEqual([]);
      }
    });

    it('unknown pages answer 404 with the app and the not-found head', async () => {
      for (const url of ['/en/no-such-page', '/ar/teachers/5/reviews', '/en/payment/maybe']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).toContain('<div id="root"></div>');
        expect(headOf(res.body).meta('name=robots')).toBe('noindex');
      }
    });

    it('every page keeps the nonce CSP; the JSON-LD blocks are data, not run (the CSP needs no change)', async () => {
      const res = await t.app.inject({ url: `/en/teachers/${rated.profile.id}` });
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
      expect(scriptSrc).not.toContain('unsafe-inline');
      for (const tag of res.body.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/nonce="[^"]+"/);
    });
  });
});
