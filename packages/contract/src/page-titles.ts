import type { PageRoute } from './constants.ts';

/**
 * Each page route's title: a key under `titles` of the web's `common` namespace (spec 2 "Page
 * titles are set per route, with a default from settings"). The web's route table gives its
 * routes these keys (a test compares them) and the server writes the same text into the HTML it
 * sends, so the title does not change when the app takes over.
 */
export const PAGE_TITLE_KEYS = {
  '': 'home',
  login: 'login',
  register: 'register',
  'forgot-password': 'forgotPassword',
  'reset-password': 'resetPassword',
  'password-change': 'resetPassword',
  'confirm-email': 'confirmEmail',
  'sign-in-link': 'signInLink',
  subscriptions: 'subscriptions',
  teachers: 'teachers',
  'teachers/:id': 'teacher',
  privacy: 'privacy',
  about: 'about',
  'about-platform': 'aboutPlatform',
  contact: 'contact',
  terms: 'terms',
  search: 'search',
  reservations: 'reservations',
  chats: 'chats',
  'chats/:userId': 'chat',
  profile: 'profile',
  'profile/edit': 'profileEdit',
  notifications: 'notifications',
  'suspended-payment': 'suspendedPayment',
  'payment/:result': 'paymentResult',
  teach: 'teach',
  earnings: 'earnings',
  schedule: 'schedule',
  'lessons/:id': 'lessonRoom',
  'receipts/:id': 'receipt',
  admin: 'admin.overview',
  'admin/users': 'admin.users',
  'admin/users/:id': 'admin.user',
  'admin/teachers': 'admin.teachers',
  'admin/subjects': 'admin.subjects',
  'admin/packages': 'admin.packages',
  'admin/settings': 'admin.settings',
  'admin/ledger': 'admin.ledger',
  'admin/payments': 'admin.payments',
  'admin/reconciliation': 'admin.reconciliation',
  'admin/payouts': 'admin.payouts',
  'admin/disputes': 'admin.disputes',
  'admin/reservations': 'admin.reservations',
  'admin/reviews': 'admin.reviews',
  'admin/search-log': 'admin.searchLog',
  'admin/audit': 'admin.audit',
  'admin/teacher-applications': 'admin.teacherApplications',
} as const satisfies Record<PageRoute, string>;

/** The home page's key: its title is the settings' default title alone. */
export const HOME_TITLE_KEY = PAGE_TITLE_KEYS[''];

/**
 * A page's document title: "{page} · {the settings' default title}", the default title alone on
 * the home page or a page without a title. `siteTitle` is the settings' default title, or the app
 * name when the settings leave it empty.
 */
export function documentTitle(pageTitle: string | null, siteTitle: string): string {
  return pageTitle ? `${pageTitle} · ${siteTitle}` : siteTitle;
}
