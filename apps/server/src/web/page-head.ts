import {
  appNameIn,
  contactAddressIn,
  documentTitle,
  INDEXED_PAGE_ROUTES,
  LANGUAGES,
  type Language,
  PAGE_TITLE_KEYS,
  type PageRoute,
  type TeacherProfile,
  type WebsiteSettings,
} from '@ustaz/contract';
import { kwdText, listText, numberText, PAGE_TEXTS, reviewsText, type StaticPage } from './page-texts.ts';

/**
 * What a page says about itself to search engines and share-card scrapers, in its language.
 * Built from the route and the data the page shows (`describePage`), written by `pageHeadTags`.
 * A teacher page's title is the one the web's teacher page sets for itself (`teacher.page.documentTitle`).
 * A server renderer that fetches the page's data can pass the same data here.
 */
export type PageHead = {
  title: string;
  description: string;
  /** The page's own address; null for pages that are not indexed (signed-in, not found). */
  canonicalUrl: string | null;
  /** The same page in each language, plus x-default (the Arabic one, the spec's default). */
  alternates: { hreflang: Language | 'x-default'; href: string }[];
  ogType: 'website' | 'profile';
  image: string | null;
  twitterCard: 'summary' | 'summary_large_image';
  /** `noindex` for pages a search engine should not list. */
  robots: string | null;
  /** schema.org objects, each written as an `application/ld+json` data block. */
  jsonLd: Record<string, unknown>[];
};

/** The data a page's head is made of, beyond the route: what the page shows. */
export type PageData = {
  /** The teacher of a teacher page. */
  teacher?: TeacherProfile;
  /** The subject of a search page opened on one subject (`?subject=5`). */
  subject?: { id: number; name: string };
};

/** The public routes search engines may list; every other route (sign-in, account, admin) is noindex. */
const INDEXED_ROUTES: ReadonlySet<PageRoute> = new Set<PageRoute>([...INDEXED_PAGE_ROUTES, 'teachers/:id']);

export const OG_LOCALE: Record<Language, string> = { ar: 'ar_KW', en: 'en_US' };

const BIO_EXCERPT = 160;

/** Text cut at a word near `max` characters, with an ellipsis; whitespace collapsed. */
export function excerpt(text: string, max = BIO_EXCERPT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.،;:]+$/, '')}…`;
}

/** An absolute address on the site: `absoluteUrl('https://x.kw', '/ar')`; absolute input is kept. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, `${publicUrl.replace(/\/+$/, '')}/`).toString();
}

type DescribeInput = {
  route: PageRoute | null;
  language: Language;
  settings: WebsiteSettings;
  publicUrl: string;
  data?: PageData;
  /** The web's page titles in the page's language, by `common.titles` key (route-titles.ts). */
  routeTitles?: Record<string, string>;
};

function siteName(settings: WebsiteSettings, language: Language): string {
  return appNameIn(settings, language) || PAGE_TEXTS[language].appName;
}

/** "{page} · {the settings' default title}" (the app name while it is empty), as the web's usePageTitle. */
function pageTitle(title: string, settings: WebsiteSettings, language: Language): string {
  return documentTitle(title, settings.defaultTitle.trim() || siteName(settings, language));
}

function breadcrumbs(publicUrl: string, language: Language, trail: { name: string; path: string }[]) {
  const items = [{ name: PAGE_TEXTS[language].home, path: '' }, ...trail];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(publicUrl, `/${language}${item.path}`),
    })),
  };
}

/** The home page's JSON-LD: the site as an EducationalOrganization with the settings' contact data. */
export function organizationJsonLd(settings: WebsiteSettings, language: Language, publicUrl: string) {
  const url = absoluteUrl(publicUrl, `/${language}`);
  const email = settings.contactEmail?.trim() || undefined;
  const telephone = settings.contactPhone?.trim() || undefined;
  const address = contactAddressIn(settings, language) ?? undefined;
  const sameAs = [
    settings.facebookUrl,
    settings.twitterUrl,
    settings.instagramUrl,
    settings.linkedinUrl,
    settings.youtubeUrl,
  ].filter((link): link is string => !!link && /^https?:\/\//i.test(link));
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOrganization',
    '@id': `${absoluteUrl(publicUrl, '/')}#organization`,
    name: siteName(settings, language),
    url,
    description: settings.defaultDescription.trim() || PAGE_TEXTS[language].description,
    ...(settings.logoUrl ? { logo: absoluteUrl(publicUrl, settings.logoUrl) } : {}),
    ...(email ? { email } : {}),
    ...(telephone ? { telephone } : {}),
    ...(address ? { address } : {}),
    ...(email || telephone
      ? {
          contactPoint: {
            '@type': 'ContactPoint',
            contactType: 'customer support',
            ...(email ? { email } : {}),
            ...(telephone ? { telephone } : {}),
            availableLanguage: ['ar', 'en'],
          },
        }
      : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

function teacherName(teacher: TeacherProfile): string {
  return `${teacher.user.firstName} ${teacher.user.lastName}`.trim();
}

/**
 * A teacher page's JSON-LD: a schema.org Person who makes an Offer (the hourly rate, a number in
 * KWD) of a Service, lessons in their subjects. schema.org gives Person no `aggregateRating`, so
 * the published reviews' rating is the offered lessons' (a Service's `aggregateRating`), and only
 * when there is one.
 */
export function teacherJsonLd(teacher: TeacherProfile, language: Language, publicUrl: string) {
  const texts = PAGE_TEXTS[language];
  const url = absoluteUrl(publicUrl, `/${language}/teachers/${teacher.id}`);
  const subjects = teacher.subjects.map((subject) => subject.name);
  const price = Number(teacher.hourlyRate);
  const bio = excerpt(teacher.bio, 300);
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': `${url}#person`,
    name: teacherName(teacher),
    givenName: teacher.user.firstName,
    familyName: teacher.user.lastName,
    url,
    ...(teacher.user.photo ? { image: absoluteUrl(publicUrl, teacher.user.photo.path) } : {}),
    ...(bio ? { description: bio } : {}),
    jobTitle: teacher.major.trim() || texts.teacher.fallbackJob,
    ...(subjects.length > 0 ? { knowsAbout: subjects } : {}),
    knowsLanguage: ['ar', 'en'],
    makesOffer: {
      '@type': 'Offer',
      url,
      price,
      priceCurrency: 'KWD',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: 'KWD',
        unitCode: 'HUR',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'HUR' },
      },
      itemOffered: {
        '@type': 'Service',
        name: texts.teacher.offer(listText(subjects, language)),
        serviceType: 'Tutoring',
        provider: { '@id': `${url}#person` },
        ...(teacher.ratingCount > 0
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: teacher.averageRating,
                ratingCount: teacher.ratingCount,
                reviewCount: teacher.ratingCount,
                bestRating: 5,
                worstRating: 1,
              },
            }
          : {}),
      },
    },
  };
}

function alternatesOf(publicUrl: string, path: string): PageHead['alternates'] {
  return [
    ...LANGUAGES.map((language) => ({ hreflang: language, href: absoluteUrl(publicUrl, `/${language}${path}`) })),
    { hreflang: 'x-default' as const, href: absoluteUrl(publicUrl, `/ar${path}`) },
  ];
}

/**
 * The head of one page in its language. `route` null is the not-found page. A page's own
 * address and alternates keep only what makes the page (a search page's `?subject=`).
 */
export function describePage({
  route,
  language,
  settings,
  publicUrl,
  data = {},
  routeTitles = {},
}: DescribeInput): PageHead {
  const texts = PAGE_TEXTS[language];
  const defaultImage = settings.defaultOgImage ? absoluteUrl(publicUrl, settings.defaultOgImage) : null;
  const base: PageHead = {
    title: settings.defaultTitle.trim() || texts.title,
    description: settings.defaultDescription.trim() || texts.description,
    canonicalUrl: null,
    alternates: [],
    ogType: 'website',
    image: defaultImage,
    twitterCard: defaultImage ? 'summary_large_image' : 'summary',
    robots: 'noindex',
    jsonLd: [],
  };
  if (route === null) {
    return {
      ...base,
      title: pageTitle(texts.notFound.title, settings, language),
      description: texts.notFound.description,
    };
  }
  if (!INDEXED_ROUTES.has(route)) {
    // Signed-in, sign-in and admin pages: their route's title, as the app will set it.
    const own = routeTitles[PAGE_TITLE_KEYS[route]];
    return own ? { ...base, title: pageTitle(own, settings, language) } : base;
  }
  const indexed = (ownPath: string): Pick<PageHead, 'canonicalUrl' | 'alternates' | 'robots'> => ({
    canonicalUrl: absoluteUrl(publicUrl, `/${language}${ownPath}`),
    alternates: alternatesOf(publicUrl, ownPath),
    robots: null,
  });

  if (route === '') {
    return { ...base, ...indexed(''), jsonLd: [organizationJsonLd(settings, language, publicUrl)] };
  }
  if (route === 'search') {
    const subject = data.subject;
    const ownPath = subject ? `/search?subject=${subject.id}` : '/search';
    const name = subject ? texts.subjectSearch.title(subject.name) : texts.search.title;
    return {
      ...base,
      ...indexed(ownPath),
      title: pageTitle(name, settings, language),
      description: subject ? texts.subjectSearch.description(subject.name) : texts.search.description,
      jsonLd: [
        breadcrumbs(publicUrl, language, [
          { name: texts.search.title, path: '/search' },
          ...(subject ? [{ name, path: ownPath }] : []),
        ]),
      ],
    };
  }
  if (route === 'teachers/:id') {
    const teacher = data.teacher;
    if (!teacher) return base;
    const name = teacherName(teacher);
    const subjects = listText(
      teacher.subjects.map((subject) => subject.name),
      language,
    );
    const summary = texts.teacher.summary({
      subjects,
      rating: teacher.ratingCount > 0 ? numberText(teacher.averageRating, language) : null,
      reviews: reviewsText(teacher.ratingCount, language),
      rate: kwdText(Number(teacher.hourlyRate), language),
    });
    const bio = teacher.bio.trim();
    const photo = teacher.user.photo ? absoluteUrl(publicUrl, teacher.user.photo.path) : null;
    const ownPath = `/teachers/${teacher.id}`;
    return {
      ...base,
      ...indexed(ownPath),
      title: pageTitle(texts.teacher.title(name, subjects), settings, language),
      description: excerpt(bio ? `${summary} ${bio}` : summary),
      ogType: 'profile',
      image: photo ?? defaultImage,
      twitterCard: photo ? 'summary' : base.twitterCard,
      jsonLd: [
        teacherJsonLd(teacher, language, publicUrl),
        breadcrumbs(publicUrl, language, [
          { name: texts.pages.teachers.title, path: '/teachers' },
          { name, path: ownPath },
        ]),
      ],
    };
  }
  const page = texts.pages[route as StaticPage];
  return {
    ...base,
    ...indexed(`/${route}`),
    title: pageTitle(page.title, settings, language),
    description: page.description,
    jsonLd: [breadcrumbs(publicUrl, language, [{ name: page.title, path: `/${route}` }])],
  };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * JSON that is safe inside a `<script>` data block: `<`, `>` and `&` as \u escapes, so a value
 * holding `</script>` or `<!--` cannot end the block; U+2028/2029 escaped too.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The page's tags, every value HTML-escaped: title, description, robots, canonical and hreflang
 * links, Open Graph (with the other language as og:locale:alternate), the Twitter card and the
 * JSON-LD data blocks (not scripts the browser runs, so the CSP does not apply to them).
 */
export function pageHeadTags(head: PageHead, language: Language, appName: string): string[] {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.robots ? meta('name', 'robots', head.robots) : '',
    head.canonicalUrl ? `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />` : '',
    ...head.alternates.map(
      (alternate) => `<link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeHtml(alternate.href)}" />`,
    ),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonicalUrl ? meta('property', 'og:url', head.canonicalUrl) : '',
    meta('property', 'og:site_name', appName),
    meta('property', 'og:locale', OG_LOCALE[language]),
    ...LANGUAGES.filter((other) => other !== language).map((other) =>
      meta('property', 'og:locale:alternate', OG_LOCALE[other]),
    ),
    head.image ? meta('property', 'og:image', head.image) : '',
    head.image ? meta('property', 'og:image:alt', head.title) : '',
    meta('name', 'twitter:card', head.twitterCard),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    head.image ? meta('name', 'twitter:image', head.image) : '',
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${scriptSafeJson(data)}</script>`),
  ].filter(Boolean);
}
