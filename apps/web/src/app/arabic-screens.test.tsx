import { act } from '@testing-library/react';
import type { Reservation } from '@ustaz/contract';
import { FALLBACK_WEBSITE_SETTINGS, SYSTEM_CANCEL_REASONS, type User } from '@ustaz/contract';
import { type ComponentType, useEffect } from 'react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import arAdmin from '../../public/locales/ar/admin.json';
import enAdmin from '../../public/locales/en/admin.json';
import enCommon from '../../public/locales/en/common.json';
import { adminPackage, adminSubject } from '../features/admin/catalog/catalog-test-data.ts';
import {
  adminReservation,
  adminReview,
  auditEntry,
  notFoundTerm,
} from '../features/admin/moderation/moderation-test-data.ts';
import {
  payment as adminPayment,
  adminPayout,
  reconciliationRow,
  transfer,
} from '../features/admin/money/money-test-data.ts';
import { adminOverview } from '../features/admin/overview/overview-test-data.ts';
import { adminSettings } from '../features/admin/settings/settings-test-data.ts';
import { adminTeacher } from '../features/admin/teachers/teacher-test-data.ts';
import { listPage } from '../features/admin/ui/list-test-data.ts';
import { adminUser, adminUserDetail } from '../features/admin/users/user-test-data.ts';
import { ownSlot } from '../features/availability/availability-test-data.ts';
import { chatMessage, conversationSummary, publicUser } from '../features/chat/chat-test-data.ts';
import { stubBrowserLayout } from '../features/home/test-support.tsx';
import { notification, notificationsPage } from '../features/notifications/notification-test-data.ts';
import { ownTeacherProfile } from '../features/profile/teacher-profile-test-data.ts';
import { reservationsPage } from '../features/reservations/reservation-test-data.ts';
import { teacherProfile, timeSlot } from '../features/teacher/teacher-test-data.ts';
import type { AuthContextValue } from '../shared/auth/auth-context.tsx';
import { resetSettingsMemory } from '../shared/settings/api.ts';
import { GUEST, signedIn, student, teacher, testUser } from '../shared/test/auth-test-data.ts';
import { type ApiRoute, mockApi, ok } from '../shared/test/mock-api.ts';
import {
  balanceResponse,
  bookingQuote,
  bookingResponse,
  bookingSlot,
  earningsSummary,
  paymentMethodsResponse,
  reservation,
  subscriptionPackage,
} from '../shared/test/money-test-data.ts';
import { renderAppRoute } from '../shared/test/render-app-route.tsx';
import { review } from '../shared/test/review-test-data.ts';
import { makeTeacher, resultsPage } from '../shared/test/search-test-data.ts';
import { subjectOption } from '../shared/test/subject-test-data.ts';
import { adminTeacherApplication } from '../shared/test/teacher-application-test-data.ts';
import { useModal } from '../shared/ui/modal/modal-context.tsx';
import type { ModalKind } from '../shared/ui/modal/modal-kinds.ts';
import { AppToaster } from '../shared/ui/toast.tsx';
import { adminRoutes } from './admin/admin-routes.tsx';
import { Footer } from './layout/footer.tsx';
import { Navbar } from './layout/navbar.tsx';
import { modalRegistry } from './modal-registry.tsx';
import { pageRoutes } from './routes.tsx';

// Issue 17: "No raw keys or English leaking into Arabic screens". Every route's page is rendered in
// Arabic for each kind of user that may open it, plus the navbar and footer and every modal of the
// registry, over a fake API answering in Arabic (the server writes names and subjects in the
// request's language; SCREEN_API below). Then every visible text and every aria-label, placeholder,
// title and alt is read: a text shaped like an i18n key (`foo.barBaz`, a lone `paymentFailed`), a
// Latin-only text equal to an English locale text whose Arabic differs (an English label that
// leaked), or a number in Latin digits (the i18n README's one number style) fails the test, with the
// screen and the text. Keys missing from the locale files fail any web test (test-setup.ts).

const enFiles = import.meta.glob<{ default: Record<string, unknown> }>('../../public/locales/en/*.json', {
  eager: true,
});
const arFiles = import.meta.glob<{ default: Record<string, unknown> }>('../../public/locales/ar/*.json', {
  eager: true,
});

function* texts(value: unknown, key: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [key, value];
  else if (value && typeof value === 'object') {
    for (const [name, child] of Object.entries(value)) yield* texts(child, key ? `${key}.${name}` : name);
  }
}

/** English locale texts (without placeholders) whose Arabic text differs: seen on an Arabic page, one leaked. */
const ENGLISH_TEXTS: Map<string, string> = (() => {
  const arabic = new Map<string, string>();
  for (const [file, module] of Object.entries(arFiles)) {
    const namespace = /([\w-]+)\.json$/.exec(file)?.[1];
    for (const [key, text] of texts(module.default, '')) arabic.set(`${namespace}:${key}`, text);
  }
  const english = new Map<string, string>();
  for (const [file, module] of Object.entries(enFiles)) {
    const namespace = /([\w-]+)\.json$/.exec(file)?.[1];
    for (const [key, text] of texts(module.default, '')) {
      const id = `${namespace}:${key}`;
      const plain = text.replace(/<\/?\w+>/g, '').trim();
      if (/\{\{/.test(plain) || !/[A-Za-z]{2}/.test(plain) || arabic.get(id) === text) continue;
      english.set(plain, id);
    }
  }
  return english;
})();

/**
 * Latin texts that are right on an Arabic page: names of brands and services with no Arabic name
 * (they also stand in the Arabic locale files as written), e-mail addresses, web addresses.
 */
const LATIN_ALLOWED = [
  /^[\w.+-]+@[\w.-]+\.[a-z]{2,}$/i, // an e-mail address
  /^(https?:\/\/|www\.)\S+$/i, // a web address
  /^[\w-]+(\.[\w-]+)*\.(com|net|org|example|kw|io|app|me|us)(\/\S*)?$/i, // a domain
];

/** A number written in Latin digits, not part of a Latin word or code (`pay1002`, `KW81`, `G-TEST1`). */
const LATIN_NUMBER = /(?<![A-Za-z0-9-])[0-9]+(?![A-Za-z0-9])/;

/**
 * Arabic texts that quote Latin digits on purpose: the IBAN example (arabic-digits.test.ts lets its
 * locale text through too) and a record id the server sends as text, quoted as the system writes it
 * (the audit's entity "مستخدم 7"; see number-interpolation.ts), a phone number.
 */
const LATIN_DIGITS_ALLOWED = [/KW81 CBKU/, /^مستخدم \d+$/, /^\+?\d[\d\s-]{6,}$/];

/** `admin.nav.users`, `payment:status.paid`, or one camelCase word such as `paymentFailed`. */
const KEY_SHAPED = /^([\w-]+:)?[a-z][a-zA-Z0-9_]*(\.[a-zA-Z0-9_]+)+$|^[a-z]+([A-Z][a-z0-9]*)+$/;

type Finding = { where: string; text: string; why: string };

function check(where: string, raw: string | null, findings: Finding[]) {
  const text = raw?.replace(/[\u200e\u200f\u2066-\u2069]/g, '').trim();
  if (!text) return;
  if (LATIN_ALLOWED.some((pattern) => pattern.test(text))) return;
  if (KEY_SHAPED.test(text)) findings.push({ where, text, why: 'looks like an i18n key' });
  // An Arabic text with a Latin number, or a bare number ("12 / 500", "1+"), but not in Latin words.
  const arabicOrBare = /[\u0600-\u06ff]/.test(text) || !/[A-Za-z]/.test(text);
  if (arabicOrBare && LATIN_NUMBER.test(text) && !LATIN_DIGITS_ALLOWED.some((allowed) => allowed.test(text))) {
    findings.push({ where, text, why: 'a number in Latin digits on the Arabic page' });
  }
  const english = ENGLISH_TEXTS.get(text);
  if (english && !/[\u0600-\u06ff]/.test(text)) findings.push({ where, text, why: `the English text of ${english}` });
}

const ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt', 'aria-description', 'aria-valuetext'];

/** Every text node and labelling attribute under `root` that a reader or a screen reader meets. */
function findLeaks(root: Element): Finding[] {
  const findings: Finding[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    // An element marked as English on purpose (the language switcher's "English", lang="en") is no leak.
    if (!parent || parent.closest('script, style, template, [lang|="en"]')) continue;
    check(`text in <${parent.tagName.toLowerCase()}>`, node.textContent, findings);
  }
  for (const element of root.querySelectorAll('*')) {
    if (element.closest('[lang|="en"]')) continue;
    for (const attribute of ATTRIBUTES)
      check(`${attribute} of <${element.tagName.toLowerCase()}>`, element.getAttribute(attribute), findings);
  }
  return findings;
}

// The fake API, answering in Arabic as the server does for an Arabic page (names, subjects, bios).
const arabicTeacher = (id: number) =>
  makeTeacher(id, {
    bio: 'معلّمة رياضيات تشرح خطوة بخطوة.',
    major: 'رياضيات',
    subjects: [{ id: 1, name: 'رياضيات' }],
    user: { id: 100 + id, firstName: 'منى', lastName: 'الصباح', photo: null },
  });
const people = {
  teacher: {
    id: 42,
    teacherProfileId: 7,
    firstName: 'منى',
    lastName: 'الصباح',
    photoUrl: null,
    timeZone: 'Asia/Kuwait',
  },
  student: { id: 9, firstName: 'فهد', lastName: 'العلي', photoUrl: null, timeZone: null },
};
const arabicReservation = (overrides: Partial<Reservation> = {}) =>
  reservation({ teacher: people.teacher, student: people.student, note: 'أريد مراجعة الفصل الثالث', ...overrides });
const arabicSubjects = ok({
  data: [subjectOption(1, 'رياضيات'), subjectOption(2, 'فيزياء')],
  total: 2,
  page: 1,
  limit: 50,
  totalPages: 1,
});
const otherUser = publicUser({ firstName: 'منى', lastName: 'الصباح' });
const message = { ...chatMessage(), content: 'أهلاً فهد، كيف أساعدك؟' };
const arabicReview = review({
  comment: 'شرح واضح جدًا.',
  teacherName: 'منى الصباح',
  studentName: 'فهد العلي',
  subject: { id: 1, name: 'رياضيات' },
});

const SYSTEM_REASONS = [...SYSTEM_CANCEL_REASONS];
/** A lesson time well in the future (open slots, notifications). */
const LATER = '2099-03-14T15:00:00.000Z';

const SCREEN_API: Record<string, ApiRoute> = {
  'GET /api/settings/website': ok({ ...FALLBACK_WEBSITE_SETTINGS, id: 1 }),
  'GET /api/teachers/search': ok(resultsPage([arabicTeacher(1), arabicTeacher(2)])),
  'GET /api/teachers/previously-interacted': ok([]),
  'GET /api/v1/subjects': arabicSubjects,
  'GET /api/teachers/profiles/7': ok(
    teacherProfile({
      bio: 'معلّمة رياضيات بخبرة طويلة.',
      major: 'رياضيات',
      subjects: [{ id: 1, name: 'رياضيات' }],
      user: { id: 42, firstName: 'منى', lastName: 'الصباح', photo: null },
    }),
  ),
  'GET /api/reviews': ok([arabicReview]),
  'GET /api/reviews/for-teacher/7': ok([arabicReview]),
  'GET /api/reviews/for-student/9': ok([arabicReview]),
  'GET /api/teachers/teachers/7/available-time-slots': ok([timeSlot(LATER), timeSlot('2099-03-15T15:00:00.000Z')]),
  'GET /api/v1/subscriptions/my-usage': ok({ ...listPage([]), totalHours: 0, usedHours: 0, remainingHours: 0 }),
  'GET /api/v1/teacher-applications/mine': ok({ application: null }),
  'GET /api/v1/earnings/statement': ok(listPage([])),
  'GET /api/v1/payouts/bank-account': ok({ bankAccount: null }),
  'GET /api/v1/payouts': ok(listPage([])),
  'GET /api/v1/admin/payouts': ok(
    listPage([adminPayout({ teacher: { id: 5, name: 'سارة أحمد', email: 'sara@example.com' } })]),
  ),
  'GET /api/v1/admin/disputes': ok(
    listPage(
      (['open', 'refunded'] as const).map((status, index) => ({
        id: 4 + index,
        reservationId: 31,
        reportedBy: 'student',
        reason: 'teacherAbsent',
        details: 'انتظرت ٢٠ دقيقة',
        status,
        refundAmount: status === 'refunded' ? '6.250' : null,
        resolutionNote: status === 'refunded' ? 'أعيد نصف المبلغ' : null,
        createdAt: '2026-11-25T10:00:00.000Z',
        resolvedAt: status === 'refunded' ? '2026-11-26T10:00:00.000Z' : null,
        studentId: 9,
        studentName: 'فهد العلي',
        teacherId: 7,
        teacherName: 'منى الصباح',
        startTime: '2026-11-25T08:00:00.000Z',
        endTime: '2026-11-25T09:00:00.000Z',
        paid: '12.500',
        paidWith: 'wallet',
        attendance: { student: true, teacher: false },
      })),
    ),
  ),
  'GET /api/v1/subscriptions/packages': ok(
    listPage([
      subscriptionPackage({ name: 'باقة الشهر', description: 'عشر ساعات في الشهر', features: ['مراجعة أسبوعية'] }),
    ]),
  ),
  'GET /api/v1/subscriptions/balance': ok(balanceResponse({ remainingHours: 2 })),
  'GET /api/v1/subscriptions/my-subscriptions': ok(listPage([])),
  'GET /api/v1/subscriptions/my-active-subscription': ok({ remainingHours: 0, subscription: null }),
  'GET /api/v1/payments/methods': ok(paymentMethodsResponse()),
  'POST /api/v1/booking/quote': ok(bookingQuote()),
  'GET /api/v1/balance/transactions': ok({ data: [], total: 0, page: 1, limit: 10, totalPages: 1 }),
  'GET /api/v1/reservations': ok(
    reservationsPage([
      arabicReservation(),
      arabicReservation({
        id: 6,
        status: 'cancelled',
        canCancel: false,
        cancelledAt: '2026-03-01T10:00:00.000Z',
        cancelledBy: 'student',
      }),
      // What the issue saw leak: a system cancellation's reason code, the gateway's name.
      ...SYSTEM_REASONS.map((cancelReason, index) =>
        arabicReservation({
          id: 10 + index,
          status: 'cancelled',
          canCancel: false,
          cancelledAt: '2026-03-01T10:00:00.000Z',
          cancelledBy: 'system',
          cancelReason,
          paidWith: 'deema',
        }),
      ),
      arabicReservation({
        id: 20,
        status: 'pending',
        paidWith: 'deema',
        paymentId: 'pay-20',
        payment: { url: 'https://sandbox.ustaz.example/pay/20', expiresAt: '2099-03-14T15:10:00.000Z' },
      }),
    ]),
  ),
  'GET /api/v1/chats': ok({ data: [conversationSummary({ otherUser, lastMessage: message, unreadCount: 2 })] }),
  'GET /api/v1/chats/with/42': ok(conversationSummary({ otherUser, lastMessage: message })),
  'GET /api/v1/chats/5/messages': ok({ data: [message], hasMore: false }),
  'GET /api/v1/calendar': ok({ url: 'https://ustaz.example/calendar/feed.ics' }),
  'GET /api/v1/lessons/7': ok({
    reservationId: 7,
    status: 'confirmed',
    role: 'student',
    otherUserId: 42,
    now: '2026-03-10T08:00:00.000Z',
    startTime: '2026-03-10T09:00:00.000Z',
    endTime: '2026-03-10T10:00:00.000Z',
    opensAt: '2026-03-10T08:50:00.000Z',
    closesAt: '2026-03-10T10:15:00.000Z',
    iceServers: [],
    externalLink: null,
    joinUrl: null,
    linkFixed: false,
    attendance: {
      student: { joinedAt: null, leftAt: null, present: false },
      teacher: { joinedAt: null, leftAt: null, present: false },
    },
  }),
  'GET /api/v1/admin/overview': ok(adminOverview()),
  'GET /api/notifications': ok(
    notificationsPage(
      (
        [
          ['booking.confirmed', { reservationIds: [1, 2, 3] }],
          ['booking.received', { reservationIds: [1, 2] }],
          ['booking.cancelled', { reservationId: 1, by: 'teacher', teacherName: 'منى الصباح', startTime: LATER }],
          ['booking.cancelled', { reservationId: 1, by: 'admin' }],
          ['booking.refunded', { reservationId: 4, to: 'subscription', amount: '0.000', hours: 2 }],
          ['payment.paid', { paymentId: 'p1', purpose: 'top_up', amount: '20.000' }],
          ['payment.failed', { paymentId: 'p2', purpose: 'booking' }],
          ['payment.creditedToWallet', { paymentId: 'p3', amount: '12.5' }],
          ['subscription.activated', { subscriptionId: 3 }],
          ['lesson.completed', { reservationId: 4, studentName: 'فهد العلي', startTime: LATER }],
          ['lesson.teacherNoShow', { reservationId: 1 }],
          ['review.requested', { reservationId: 4, teacherName: 'منى الصباح', startTime: LATER }],
          ['dispute.resolved', { reservationId: 1, outcome: 'refund', amount: '2.500' }],
          ['message.new', { conversationId: 3, senderId: 42, senderName: 'منى الصباح', preview: 'هل الدرس غداً؟' }],
          ['message.new', { conversationId: 3, senderId: 42, senderName: '', preview: '' }],
        ] as const
      ).map(([type, data], index) =>
        notification({ type, data, readAt: index % 2 ? '2026-03-10T09:00:00.000Z' : null }),
      ),
    ),
  ),
  'GET /api/v1/earnings': ok(earningsSummary()),
  'GET /api/v1/availability/slots': ok([ownSlot(LATER), ownSlot('2099-03-15T15:00:00.000Z', { status: 'booked' })]),
  'GET /api/v1/availability/recurring': ok([]),
  'GET /api/v1/teachers/me/completeness': ok({ done: 3, total: 5, items: [] }),
  'GET /api/teachers/profiles/me': ok(ownTeacherProfile({ bio: 'معلّمة رياضيات.', major: 'رياضيات' })),
  'GET /api/v1/admin/users': ok(listPage([adminUser({ firstName: 'فهد', lastName: 'العلي' })])),
  'GET /api/v1/admin/users/7': ok(adminUserDetail(adminUser({ id: 7, firstName: 'فهد', lastName: 'العلي' }))),
  'GET /api/v1/admin/teachers': ok(listPage([adminTeacher()])),
  'GET /api/v1/admin/subjects': ok(listPage([adminSubject()])),
  'GET /api/v1/admin/packages': ok(listPage([adminPackage()])),
  // The site's name and texts as an admin of an Arabic site typed them (they are not locale texts).
  'GET /api/v1/admin/settings': ok({
    settings: adminSettings({
      appName: 'أستاذ',
      defaultTitle: 'أستاذ: معلمون خصوصيون في الكويت',
      defaultDescription: 'احجز درسًا مع معلم موثوق.',
    }),
  }),
  'GET /api/v1/admin/ledger': ok(listPage([transfer()])),
  'GET /api/v1/admin/payments': ok(listPage([adminPayment()])),
  'GET /api/v1/admin/reconciliation': ok({
    checked: 1,
    data: [reconciliationRow()],
    checkedAt: '2026-03-10T09:00:00.000Z',
  }),
  'GET /api/v1/admin/reservations': ok(
    listPage([
      adminReservation({ student: { id: 9, name: 'فهد العلي', email: 'fahad@example.com' } }),
      adminReservation({ status: 'pending', paidWith: 'payzah', paymentId: 'pay-21' }),
      ...SYSTEM_REASONS.map((cancelReason) =>
        adminReservation({
          status: 'cancelled',
          paidWith: 'deema',
          cancelledAt: '2026-03-01T10:00:00.000Z',
          cancelledBy: 'system',
          cancelReason,
        }),
      ),
    ]),
  ),
  'GET /api/v1/admin/reviews': ok(listPage([adminReview({ comment: 'شرح واضح' })])),
  'GET /api/v1/admin/search-not-found': ok(listPage([notFoundTerm()])),
  'GET /api/v1/admin/audit': ok(listPage([auditEntry()])),
  'GET /api/v1/admin/teacher-applications': ok(listPage([adminTeacherApplication()])),
};

type Access = 'public' | 'guest' | 'auth' | 'teacher' | 'admin' | 'layout' | 'modal';

type Screen = { access: Access; path: string; load: () => Promise<ComponentType> };

/** The pages of the route tables with the access their guard gives, each with its own path. */
function screensOf(routes: RouteObject[], access: Access | undefined, prefix: string): Screen[] {
  const screens: Screen[] = [];
  for (const route of routes) {
    const own = (route.handle as { access?: Access } | undefined)?.access ?? access;
    if (route.children) screens.push(...screensOf(route.children, own, prefix));
    const lazy = route.lazy;
    if (typeof lazy !== 'function' || !own) continue;
    const path = route.index ? prefix.replace(/\/$/, '') : `${prefix}${route.path ?? ''}`;
    screens.push({
      access: own,
      path,
      load: async () => ((await lazy()) as { Component: ComponentType }).Component,
    });
  }
  return screens;
}

/** The site's frame around every page: the navigation bar (with the open menu's links) and the footer. */
function SiteFrame() {
  return (
    <>
      <Navbar />
      <Footer />
    </>
  );
}

/** What each modal of the app's registry is opened with, as the pages open it (money-modals.ts, search-box.tsx, ...). */
const MODAL_DATA: Record<Exclude<ModalKind, 'UNDEFINED'>, unknown> = {
  TEACHER_SEARCH: {},
  EDIT_PROFILE: undefined,
  VIDEO_PLAYER: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
  BOOKING_MODAL: {
    teacherName: 'منى الصباح',
    slots: [bookingSlot({ timeRange: '٦:٠٠–٧:٠٠ م', date: 'السبت، ١٤ مارس ٢٠٩٩' })],
    onBooked: () => {},
  },
  BOOKING_CONFIRMATION: {
    teacherName: 'منى الصباح',
    outcome: { status: 'success', response: bookingResponse(), paymentPageOpened: false },
  },
  PAYMENT_METHOD_SELECTION: {
    context: 'booking',
    item: { name: 'Lesson with Mona', nameAr: 'درس مع منى الصباح', hours: 1, price: '12.500' },
    onSelect: () => {},
    split: { subscriptionHours: 1, subscriptionValue: '12.500', wallet: '0.000', sufficient: true },
  },
  TOP_UP_BALANCE: { requiredAmount: '5.000', fromBooking: true },
  CONFIRMATION_MODAL: {},
};

/** A page that only opens `kind` with its data, as a button of the app would. */
function modalScreen(kind: Exclude<ModalKind, 'UNDEFINED'>): Screen {
  function OpensModal() {
    const { openModal } = useModal();
    useEffect(() => openModal(kind, MODAL_DATA[kind]), [openModal]);
    return null;
  }
  return { access: 'modal', path: `/teachers/7?modal=${kind}`, load: async () => OpensModal };
}

const SCREENS: Screen[] = [
  ...screensOf(pageRoutes, undefined, '/'),
  ...screensOf(adminRoutes, 'admin', '/admin/'),
  { access: 'layout', path: '/teachers', load: async () => SiteFrame },
  ...(Object.keys(MODAL_DATA) as Exclude<ModalKind, 'UNDEFINED'>[]).map(modalScreen),
];

/** The example value of each route parameter (the ids the fake API knows). */
const PARAMS: Record<string, string> = { id: '7', userId: '42', result: 'success', '*': 'no-such-page' };

function concrete(path: string): string {
  return path.replace(/:(\w+)|\*/g, (match, name?: string) => PARAMS[name ?? match] ?? '1');
}

const ADMIN: User = testUser({ id: 1, email: 'admin@ustaz.example', role: { id: 1, name: 'admin' } });

/** Who opens a screen of each access rule: a guest and a student the public pages, both signed-in roles the others. */
const VIEWERS: Record<Access, [string, AuthContextValue][]> = {
  public: [
    ['guest', GUEST],
    ['student', signedIn(student())],
  ],
  guest: [['guest', GUEST]],
  auth: [
    ['student', signedIn(student())],
    ['teacher', signedIn(teacher())],
  ],
  teacher: [['teacher', signedIn(teacher())]],
  admin: [['admin', signedIn(ADMIN)]],
  modal: [['student', signedIn(student())]],
  layout: [
    ['guest', GUEST],
    ['student', signedIn(student())],
    ['teacher', signedIn(teacher())],
  ],
};

/**
 * Lets the page's lazy parts load and its requests answer and render: until neither the number of
 * requests nor the page's (non-empty) text changed for 3 rounds of 50 ms (at most 4 s).
 */
async function settle(calls: () => number) {
  const state = () => `${calls()}|${document.body.textContent}`;
  let seen = '';
  let stable = 0;
  for (let round = 0; round < 80 && stable < 3; round += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const now = state();
    // A lazy page or modal still loading shows nothing yet: not settled.
    stable = now === seen && document.body.textContent?.trim() ? stable + 1 : 0;
    seen = now;
  }
}

beforeEach(() => {
  resetSettingsMemory();
  stubBrowserLayout();
  // A screen without a fake answer for one of its requests shows its error state (checked too); the
  // failed queries log on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const CASES = SCREENS.flatMap((screen) =>
  VIEWERS[screen.access].map(([viewer, auth]) => ({ ...screen, viewer, auth, url: concrete(screen.path) })),
);

describe('every screen in Arabic', () => {
  it('sweeps every route of the two route tables', () => {
    expect(SCREENS.length).toBeGreaterThan(40);
    expect(new Set(SCREENS.map((screen) => screen.access))).toEqual(
      new Set(['public', 'guest', 'auth', 'teacher', 'admin', 'layout', 'modal']),
    );
  });

  it('the check finds raw keys, leaked English and Latin numbers, and passes names, addresses and Arabic', () => {
    const page = document.createElement('div');
    page.innerHTML = `
      <p>paymentFailed</p><button aria-label="admin.nav.users"></button><span>${enAdmin.logout}</span>
      <input placeholder="${enCommon.nav.teachers}" /><span>12 / 500</span><p>الخطوة 2</p>
      <p>${arAdmin.logout}</p><a href="/">hello@ustaz.example</a><span>https://ustaz.example/a</span><bdi>Mona Al-Sabah</bdi>
      <span>١٢ / ٥٠٠</span><span>+965 2222 3333</span><span>الدفعة pay1002</span><a lang="en">English</a>`;
    expect(findLeaks(page).map((finding) => finding.text)).toEqual([
      'paymentFailed',
      enAdmin.logout,
      '12 / 500',
      'الخطوة 2',
      'admin.nav.users',
      enCommon.nav.teachers,
    ]);
  });

  it.each(CASES)(
    '$url as $viewer: no raw key, no leaked English, no Latin number',
    async ({ path, url, auth, load }) => {
      const api = mockApi(SCREEN_API);
      const Page = await load();
      const view = await renderAppRoute(
        <>
          <Page />
          <AppToaster />
        </>,
        { language: 'ar', path: url, pattern: path.split('?')[0], auth, registry: modalRegistry },
      );
      await settle(() => api.calls.length);
      // The screen rendered (in Arabic), not only a blank or a spinner.
      expect(document.body.textContent).toMatch(/[\u0600-\u06ff]{3}/);
      expect(findLeaks(document.body)).toEqual([]);
      expect(view.missing).toEqual([]);
    },
    // A screen may wait up to 4 s to settle; more on a busy machine.
    15_000,
  );
});
