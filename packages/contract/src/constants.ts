/** Business constants and limits of the product spec, section 9. One source for web and server. */

export const LANGUAGES = ['ar', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ar';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: Language): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

export const ROLE = { admin: 1, teacher: 2, student: 3 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export const REGISTRATION_ROLE_ID = ROLE.student;

export const STORAGE_KEYS = {
  accessToken: 'authToken',
  refreshToken: 'refreshToken',
  websiteSettings: 'website_settings',
  language: 'i18nextLng',
} as const;

/**
 * The visitor's language choice, set by the language switcher for a year: the server sends `/`
 * and other unprefixed paths there first, before the browser's `Accept-Language` (ADR 004).
 */
export const LANGUAGE_COOKIE = { name: 'lang', maxAgeSeconds: 365 * 24 * 60 * 60 } as const;

export const PASSWORD_MIN_LENGTH_REGISTER = 6;
export const PASSWORD_MIN_LENGTH_RESET = 8;

export const TIMINGS = {
  settingsMemoryCacheMs: 5 * 60_000,
  settingsStorageCacheMs: 5 * 60_000,
  cachedSettingsNoticeMs: 5_000,
  resetRedirectMs: 3_000,
  forgotPasswordDelayMs: 1_000,
  toastMs: 4_000,
  toastSuccessMs: 3_000,
  notificationsPollMs: 60_000,
  searchDebounceMs: 500,
} as const;

export const TRANSLATION_RETRY = { maxRetries: 5, initialDelayMs: 350 } as const;

export const ERROR_TOAST_MAX_LENGTH = 100;

export const NOTIFICATIONS = { pageSize: 10, badgeCap: 99 } as const;
export const NAVBAR_SCROLL_THRESHOLD_PX = 10;
export const MOBILE_BREAKPOINT_PX = 768;

export const SUBJECT_PAGE_SIZE = 8;
export const SUBSCRIPTION_PAGE_SIZE = 10;

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** What one user may upload in 24 hours (images, counted after re-encoding): beyond it, 429 `uploadQuotaExceeded`. */
export const UPLOAD_QUOTA = { filesPerDay: 50, bytesPerDay: 50 * 1024 * 1024 } as const;

export const CURRENCY = 'KWD';
/** KWD has 3 minor digits (fils, ISO 4217): every amount shown has them ("KWD 12.500", "١٢٫٥٠٠ د.ك."). */
export const CURRENCY_DECIMALS = 3;
/** 1 KWD = 1000 fils; money is integer fils inside the server. */
export const FILS_PER_KWD = 1000;

/** Value lists the API and the database share (db/schema.ts builds its columns and CHECKs from them). */
export const SLOT_STATUSES = ['open', 'held', 'booked'] as const;
export const RESERVATION_CANCELLERS = ['student', 'teacher', 'system', 'admin'] as const;
/** A reported lesson problem (issue 16): open until an admin refunds or releases the earning. */
export const DISPUTE_STATUSES = ['open', 'refunded', 'released'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const PACKAGE_TYPES = ['standard', 'custom'] as const;
export const SEARCH_TYPES = ['subject', 'teacher'] as const;
export const SIGN_IN_PROVIDERS = ['email', 'google'] as const;
/**
 * The client id the website settings carry when Google sign-in runs on the local sandbox (ADR 027):
 * the web then shows the sandbox's button, and the sandbox's ID tokens are for this audience.
 */
export const GOOGLE_SANDBOX_CLIENT_ID = 'google-sandbox.ustaz.local';

export const PAYMENT_METHODS = ['balance', 'payzah', 'deema'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYZAH_PAYMENT_TYPE = 1;

/** Booking rules (ARCHITECTURE "Server rules"): holds, cancellation window, limits. */
export const BOOKING = {
  /** A slot held for a gateway payment is freed after this long unless paid. */
  holdMinutes: 15,
  /**
   * The hold of a gateway booking of two or more slots (issue 29): shorter, so a calendar held by
   * unpaid checkouts comes back sooner; still longer than a K-Net, card or Deema checkout takes.
   * A payment completed after its hold lapsed is credited to the wallet, never lost.
   */
  multiSlotHoldMinutes: 10,
  /** A student may cancel a confirmed reservation until this many hours before it starts. */
  studentCancelHours: 24,
  noteMaxLength: 500,
  maxSlotsPerBooking: 20,
  minSlotMinutes: 15,
  maxSlotMinutes: 4 * 60,
  /** The most an hour may cost: a teacher's hourly rate and a slot's price per hour (KWD). */
  maxPricePerHourKwd: 1000,
  /**
   * The least an hour may cost (KWD, RELIABILITY I11: nothing is bought for nothing): a teacher's
   * hourly rate is at least 0.500 KWD, and a slot of d minutes costs at least 0.500 * d / 60 KWD,
   * rounded up to a fils (`minSlotPriceFils`: 30 min 0.250, 45 min 0.375, 50 min 0.417). Below it:
   * 422 `tooSmall` on `hourlyRate` or `price`.
   */
  minPricePerHourKwd: 0.5,
  /** Gateway payments a student may have waiting at once, and slots held for them. */
  maxPendingPayments: 2,
  maxHeldSlots: 10,
  /**
   * Unpaid gateway holds of all students together may cover at most this share (percent) of a
   * teacher's unbooked future slots (open or held), so the other half always stays bookable; or
   * `teacherHeldFloorSlots`, whichever is more, so a small calendar still takes a gateway booking.
   * Beyond: 409 teacherSlotsHeld (issue 29: a few fresh accounts held a teacher's whole fortnight).
   */
  teacherHeldSharePercent: 50,
  teacherHeldFloorSlots: 4,
} as const;

/** What a student may do about cancelling a lesson, from the one rule below. */
export type CancellationTerms = {
  /** Until when a student may cancel it free of charge: `BOOKING.studentCancelHours` before the start (ISO). */
  deadline: string;
  /** Whether that deadline is still ahead at `now`: false under 24 hours, and the lesson cannot be cancelled. */
  cancellable: boolean;
};

/**
 * The cancellation rule (issue 30): every text about a lesson's cancellation (the booking sheet,
 * the success view, the confirmation notification and mail, the reservation card) and the server's
 * check come from it. A lesson that starts `start` may be cancelled by its student free of charge
 * until `BOOKING.studentCancelHours` before; at or after that moment (`now`) it cannot be, so no
 * text promises a deadline already past.
 */
export function cancellationTerms(start: Date | string | number, now: Date | string | number): CancellationTerms {
  const startMs = new Date(start).getTime();
  const deadlineMs = startMs - BOOKING.studentCancelHours * 3_600_000;
  return { deadline: new Date(deadlineMs).toISOString(), cancellable: new Date(now).getTime() < deadlineMs };
}

/**
 * How many of a teacher's slots unpaid gateway holds (of every student together) may cover when
 * `unbooked` of their future slots are open or held: BOOKING.teacherHeldSharePercent of them, at
 * least BOOKING.teacherHeldFloorSlots.
 */
export function teacherHoldCap(unbooked: number): number {
  return Math.max(BOOKING.teacherHeldFloorSlots, Math.floor((unbooked * BOOKING.teacherHeldSharePercent) / 100));
}

/** How long a gateway booking of `slotCount` slots holds them (minutes). */
export function holdMinutesFor(slotCount: number): number {
  return slotCount > 1 ? BOOKING.multiSlotHoldMinutes : BOOKING.holdMinutes;
}

/**
 * How many days a teacher's public list of open slots covers (GET .../available-time-slots): from
 * now, or from its `from` (never before now), so one answer is never longer than this.
 */
export const AVAILABLE_SLOTS_DAYS = 14;

/** Deema's production minimum (KWD); the server's configured value is what the client shows. */
export const DEEMA_DEFAULT_MIN_KWD = 10;

/** First day of the week per language: 6 = Saturday, 0 = Sunday. */
export const WEEK_STARTS_ON: Record<Language, 0 | 6> = { ar: 6, en: 0 };

/** A teacher's zone until they choose one (IANA name): the times of a weekly series are read in it. */
export const DEFAULT_TEACHER_TIME_ZONE = 'Asia/Kuwait';

/** A weekly series of slots (POST /api/v1/availability/recurring): lesson lengths and how far it reaches. */
export const RECURRING_SLOTS = {
  lessonMinutes: [30, 45, 60, 90, 120],
  /** The last day is at most this many days after the first (12 weeks). */
  maxRangeDays: 84,
} as const;

export const CHAT = {
  reconnectMaxAttempts: 3,
  reconnectBaseMs: 2_000,
  reconnectCapMs: 45_000,
  reconnectJitterMs: 2_000,
  errorCooldownMs: 10_000,
  dedupeMaxEntries: 100,
  dedupeExpiryMs: 30_000,
  dedupeDropFraction: 0.2,
  socketReconnectionAttempts: 10,
  socketReconnectionDelayMs: 1_000,
  socketReconnectionDelayMaxMs: 5_000,
  lastMessagesDelayMs: 1_000,
} as const;

export const HOME = {
  heroAutoplayMs: 5_000,
  heroTransitionMs: 800,
  famousAutoplayMs: 6_000,
  mostBookedAutoplayMs: 7_000,
  reviewsAutoplayMs: 5_000,
  howItWorksRotationMs: 3_000,
  reviewsLimit: 10,
  teachersPerCarousel: 10,
  famousMinRating: 4,
  defaultRating: 4.5,
  avatarInitialsMax: 2,
  bioLines: 3,
  perViewBreakpoints: { 0: 1, 640: 2, 1024: 3 },
} as const;

/** The WhatsApp contact number is fixed in the product (international format, digits only). */
export const WHATSAPP_NUMBER = '96522270000';

/** Where role 1 (admin) is sent from the profile screen unless the server says otherwise. */
export const DEFAULT_ADMIN_DASHBOARD_URL = '/admin';

/**
 * The page routes under /{lang} (spec 2, "Route table"; `receipts/:id` is issue 34's: `pay…` or `lesson-{n}`).
 * The server answers other paths with the not-found status while still serving the app (a real 404 for crawlers). */
export const PAGE_ROUTES = [
  '',
  'login',
  'register',
  'forgot-password',
  'reset-password',
  'password-change',
  'confirm-email',
  'sign-in-link',
  'subscriptions',
  'teachers',
  'teachers/:id',
  'privacy',
  'about',
  'about-platform',
  'contact',
  'terms',
  'search',
  'reservations',
  'chats',
  'chats/:userId',
  'profile',
  'profile/edit',
  'notifications',
  'suspended-payment',
  'payment/:result',
  'teach',
  'earnings',
  'schedule',
  'lessons/:id',
  'receipts/:id',
] as const;

/**
 * The admin dashboard's pages under /{lang}/admin (issue 7): its own lazy app area with its own
 * layout, for role 1 only (the server checks every admin call; the client only hides the area).
 */
export const ADMIN_PAGE_ROUTES = [
  'admin',
  'admin/users',
  'admin/users/:id',
  'admin/teachers',
  'admin/subjects',
  'admin/packages',
  'admin/settings',
  'admin/ledger',
  'admin/payments',
  'admin/reconciliation',
  'admin/payouts',
  'admin/disputes',
  'admin/reservations',
  'admin/reviews',
  'admin/search-log',
  'admin/audit',
  'admin/teacher-applications',
] as const;

export type PageRoute = (typeof PAGE_ROUTES)[number] | (typeof ADMIN_PAGE_ROUTES)[number];

/**
 * The public pages without parameters that search engines may list (issue 18): the server gives
 * them a canonical address and alternates and puts them in the sitemap, beside the teacher pages
 * and the subjects' search pages. Every other route (sign-in, account, admin) is `noindex`.
 */
export const INDEXED_PAGE_ROUTES = [
  '',
  'search',
  'teachers',
  'subscriptions',
  'about',
  'about-platform',
  'privacy',
  'terms',
  'contact',
  'teach',
] as const satisfies readonly PageRoute[];

/**
 * The query parameters each public (server-rendered) page reads in a guest's view, its layout's
 * included (issue 29). The server keeps a rendered page per path and these only (sorted by name)
 * and renders it from that address, so `?utm_source=`, `?fbclid=` or any other parameter reuses
 * the kept page. A page route not listed (sign-in, account, admin: never kept) keeps its whole
 * query. `apps/web/src/page-query-params.test.tsx` renders each public page and holds this list to
 * what it reads.
 */
export const PAGE_QUERY_PARAMS = {
  '': ['q'],
  search: [
    'q',
    'subject',
    'customSubjects',
    'mostFamous',
    'mostBooked',
    'page',
    'minExperience',
    'maxHourlyRate',
    'minRating',
    'availableOn',
    'sortBy',
    'sortOrder',
  ],
  teachers: ['page', 'sortBy', 'sortOrder'],
  'teachers/:id': [],
  // `historyPage` and `usagePage` page the signed-in sections, which a (guest's) server render lacks.
  subscriptions: ['page'],
  privacy: [],
  about: [],
  'about-platform': [],
  contact: [],
  terms: [],
  teach: [],
  'suspended-payment': ['paymentId'],
  'payment/:result': ['paymentId'],
} as const satisfies Partial<Record<PageRoute, readonly string[]>>;

/**
 * The page route of a prefixed path (`/ar/teachers/5` is `teachers/:id` with `{ id: '5' }`), or
 * null for a path with no supported language prefix or one no route matches.
 */
export function matchPagePath(
  pathname: string,
): { language: Language; route: PageRoute; params: Record<string, string> } | null {
  const segments = pathname.split('/').filter(Boolean);
  const language = segments[0];
  if (!isLanguage(language)) return null;
  const rest = segments.slice(1);
  for (const route of [...PAGE_ROUTES, ...ADMIN_PAGE_ROUTES]) {
    const parts = route === '' ? [] : route.split('/');
    if (parts.length !== rest.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, i) => {
      const value = rest[i] ?? '';
      if (!part.startsWith(':')) return part === value;
      const allowed = PAGE_PARAM_VALUES[part];
      params[part.slice(1)] = value;
      return !allowed || allowed.includes(value);
    });
    if (matches) return { language, route, params };
  }
  return null;
}

/** Whether a path (`/ar/teachers/5`) is one of the page routes; unprefixed paths count as redirects. */
export function isKnownPagePath(pathname: string): boolean {
  if (!isLanguage(pathname.split('/').filter(Boolean)[0])) return true;
  return matchPagePath(pathname) !== null;
}

/** A first segment that looks like a language code (`fr`, `en-US`) rather than a page name. */
const LANGUAGE_LIKE = /^[a-z]{2}(-[a-z]{2,4})?$/i;

/**
 * Where a path without a supported language prefix goes (spec 2): the same page under
 * `/{language}`, an unsupported prefix replaced (`/fr/teachers`) or a prefix added (`/teachers`).
 * Used by the server's redirect and the client's (ADR 004).
 */
export function prefixedPath(pathname: string, language: Language): string {
  const segments = pathname.split('/');
  const first = segments[1] ?? '';
  const rest = LANGUAGE_LIKE.test(first) ? segments.slice(2) : segments.slice(1);
  const tail = rest.filter((segment, index) => segment !== '' || index === rest.length - 1).join('/');
  const path = tail ? `/${language}/${tail}` : `/${language}`;
  return path.replace(/\/$/, '') || `/${language}`;
}

/** Where a gateway payment ends: the `/payment/{result}` pages. */
export const PAYMENT_RESULTS = ['success', 'failed', 'pending'] as const;

/** Route parameters with a closed set of values; anything else is the not-found page. */
const PAGE_PARAM_VALUES: Record<string, readonly string[]> = { ':result': PAYMENT_RESULTS };

/** The page size of `GET /api/v1/favourites` when `?limit` is absent, and its largest (issue 32). */
export const FAVOURITES_PAGE_SIZE = 20;
export const FAVOURITES_PAGE_MAX = 50;

/** The weekly habit's constants (issue 32) live in weekly-habit.ts; every importer of constants sees them. */
export * from './weekly-habit.ts';
