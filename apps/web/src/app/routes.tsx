import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { type Access, RouteGuard } from './route-guard.tsx';

/** A page's title: a key under `titles` of the common namespace. */
export type TitleKey =
  ParseKeys<'common'> extends infer Key ? (Key extends `titles.${infer Title}` ? Title : never) : never;

export type RouteHandle = {
  titleKey: TitleKey;
  access: Access;
  /** Every interactive part of the page is an island (ADR 038): a guest's browser hydrates those alone. */
  islands?: boolean;
};

type Loader = () => Promise<ComponentType>;

/** /reset-password and /password-change (the link of the reset mail) are the same screen. */
const resetPasswordPage: Loader = () =>
  import('../features/auth/reset-password-page.tsx').then((m) => m.ResetPasswordPage);

/**
 * /schedule and /lessons/{id} (the calendar feed's lesson link) are the same screen; each lesson
 * carries the reservations feature's problem line and, to its teacher, "Propose a new time"; a
 * teacher also sees the standing feature's weekly students (features do not import each other).
 */
const schedulePage: Loader = async () => {
  const [{ SchedulePage }, { ScheduleLessonExtra }, { StandingStudents }] = await Promise.all([
    import('../features/schedule/schedule-page.tsx'),
    import('../features/reservations/schedule-lesson-extra.tsx'),
    import('../features/standing/standing-students.tsx'),
  ]);
  return function ScheduleRoute() {
    return <SchedulePage lessonExtra={ScheduleLessonExtra} teacherSection={StandingStudents} />;
  };
};

function route(path: string | undefined, titleKey: TitleKey, load: Loader, options?: { islands: true }): RouteObject {
  const common = { handle: { titleKey, ...options }, lazy: async () => ({ Component: await load() }) };
  return path === undefined ? { index: true, ...common } : { path, ...common };
}

/** Pages that share an access rule sit under one pathless route holding the guard. */
function guarded(access: Access, children: RouteObject[]): RouteObject {
  return {
    element: (
      <RouteGuard access={access}>
        <Outlet />
      </RouteGuard>
    ),
    children: children.map((child) => ({ ...child, handle: { ...child.handle, access } })),
  };
}

/** The route table of spec section 2, all under /{lang}. */
export const pageRoutes: RouteObject[] = [
  guarded('public', [
    route(undefined, 'home', () => import('../features/home/home-page.tsx').then((m) => m.HomePage), { islands: true }),
    route('subscriptions', 'subscriptions', () =>
      import('../features/subscriptions/subscriptions-page.tsx').then((m) => m.SubscriptionsPage),
    ),
    route('teachers', 'teachers', () =>
      import('../features/teachers-list/teachers-list-page.tsx').then((m) => m.TeachersListPage),
    ),
    route('teachers/:id', 'teacher', () => import('../features/teacher/teacher-page.tsx').then((m) => m.TeacherRoute), {
      islands: true,
    }),
    route('privacy', 'privacy', () => import('../features/pages/privacy-page.tsx').then((m) => m.PrivacyPage)),
    route('about', 'about', () => import('../features/pages/about-page.tsx').then((m) => m.AboutPage)),
    route('about-platform', 'aboutPlatform', () =>
      import('../features/pages/about-platform-page.tsx').then((m) => m.AboutPlatformPage),
    ),
    route('contact', 'contact', () => import('../features/pages/contact-page.tsx').then((m) => m.ContactPage)),
    route('terms', 'terms', () => import('../features/pages/terms-page.tsx').then((m) => m.TermsPage)),
    route('teach', 'teach', () => import('../features/teach/teach-page.tsx').then((m) => m.TeachPage)),
    // The app composes the search page with the subject-selection modal (features do not import each other).
    route('search', 'search', () => import('./search-route.tsx').then((m) => m.SearchRoute), { islands: true }),
    route('suspended-payment', 'suspendedPayment', () =>
      import('../features/payment/payment-result-page.tsx').then((m) => m.SuspendedPaymentPage),
    ),
    // An unknown result segment is the not-found page, handed in by the app.
    route('payment/:result', 'paymentResult', async () => {
      const [{ PaymentResultPage }, { NotFoundPage }] = await Promise.all([
        import('../features/payment/payment-result-page.tsx'),
        import('./not-found-page.tsx'),
      ]);
      return function PaymentResultRoute() {
        return <PaymentResultPage notFound={NotFoundPage} />;
      };
    }),
    route('*', 'notFound', () => import('./not-found-page.tsx').then((m) => m.NotFoundPage)),
  ]),
  guarded('guest', [
    route('login', 'login', () => import('../features/auth/login-page.tsx').then((m) => m.LoginPage)),
    route('register', 'register', () => import('../features/auth/register-page.tsx').then((m) => m.RegisterPage)),
    route('forgot-password', 'forgotPassword', () =>
      import('../features/auth/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
    ),
    route('reset-password', 'resetPassword', resetPasswordPage),
    route('password-change', 'resetPassword', resetPasswordPage),
    route('confirm-email', 'confirmEmail', () =>
      import('../features/auth/confirm-email-page.tsx').then((m) => m.ConfirmEmailPage),
    ),
    // The page a mailed one-time sign-in link opens (issue 29).
    route('sign-in-link', 'signInLink', () =>
      import('../features/auth/sign-in-link-page.tsx').then((m) => m.SignInLinkPage),
    ),
  ]),
  guarded('auth', [
    route('reservations', 'reservations', () =>
      import('../features/reservations/reservations-page.tsx').then((m) => m.ReservationsPage),
    ),
    route('chats', 'chats', () => import('../features/chat/chat-list-page.tsx').then((m) => m.ChatListPage)),
    route('chats/:userId', 'chat', () =>
      import('../features/chat/conversation-page.tsx').then((m) => m.ConversationPage),
    ),
    route('profile', 'profile', () => import('./profile-route.tsx').then((m) => m.ProfileRoute)),
    route('schedule', 'schedule', schedulePage),
    // The lesson room (issue 16), with the conversation beside the call and the app's not-found
    // page for anyone but the lesson's two parties; also the calendar feed's lesson link.
    route('lessons/:id', 'lessonRoom', async () => {
      const [{ LessonRoomPage }, { ConversationPanel }, { NotFoundPage }] = await Promise.all([
        import('../features/lesson-room/lesson-room-page.tsx'),
        import('../features/chat/conversation-panel.tsx'),
        import('./not-found-page.tsx'),
      ]);
      return function LessonRoomRoute() {
        return <LessonRoomPage notFound={NotFoundPage} chat={ConversationPanel} />;
      };
    }),
    route('receipts/:id', 'receipt', () => import('../features/receipts/receipt-page.tsx').then((m) => m.ReceiptPage)),
    route('notifications', 'notifications', () =>
      import('../features/notifications/notifications-page.tsx').then((m) => m.NotificationsPage),
    ),
  ]),
  guarded('teacher', [
    route('earnings', 'earnings', () => import('../features/earnings/earnings-page.tsx').then((m) => m.EarningsPage)),
    route('profile/edit', 'profileEdit', () =>
      import('../features/profile/edit-profile-page.tsx').then((m) => m.EditProfilePage),
    ),
  ]),
];
