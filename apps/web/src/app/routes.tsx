import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { type Access, RouteGuard } from './route-guard.tsx';

export type RouteHandle = { titleKey: string; access: Access };

type Loader = () => Promise<ComponentType>;

const placeholder: Loader = () => import('./placeholder-page.tsx').then((m) => m.PlaceholderPage);

function route(path: string | undefined, titleKey: string, load: Loader): RouteObject {
  const common = { handle: { titleKey }, lazy: async () => ({ Component: await load() }) };
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

/** The route table of spec section 2, all under /{lang}. Screens not built yet use the placeholder. */
export const pageRoutes: RouteObject[] = [
  guarded('public', [
    route(undefined, 'home', () => import('../features/home/home-page.tsx').then((m) => m.HomePage)),
    route('subscriptions', 'subscriptions', placeholder),
    route('teachers', 'teachers', placeholder),
    route('teachers/:id', 'teacher', placeholder),
    route('privacy', 'privacy', () => import('../features/pages/privacy-page.tsx').then((m) => m.PrivacyPage)),
    route('about', 'about', () => import('../features/pages/about-page.tsx').then((m) => m.AboutPage)),
    route('about-platform', 'aboutPlatform', () =>
      import('../features/pages/about-platform-page.tsx').then((m) => m.AboutPlatformPage),
    ),
    route('contact', 'contact', () => import('../features/pages/contact-page.tsx').then((m) => m.ContactPage)),
    route('terms', 'terms', () => import('../features/pages/terms-page.tsx').then((m) => m.TermsPage)),
    route('search', 'search', placeholder),
    route('suspended-payment', 'suspendedPayment', placeholder),
    route('payment/:result', 'paymentResult', placeholder),
    route('*', 'notFound', () => import('./not-found-page.tsx').then((m) => m.NotFoundPage)),
  ]),
  guarded('guest', [
    route('login', 'login', placeholder),
    route('register', 'register', placeholder),
    route('forgot-password', 'forgotPassword', placeholder),
    route('reset-password', 'resetPassword', placeholder),
    route('password-change', 'resetPassword', placeholder),
    route('confirm-email', 'confirmEmail', placeholder),
  ]),
  guarded('auth', [
    route('reservations', 'reservations', placeholder),
    route('chats', 'chats', placeholder),
    route('chats/:userId', 'chat', placeholder),
    route('profile', 'profile', placeholder),
    route('notifications', 'notifications', placeholder),
  ]),
  guarded('teacher', [route('profile/edit', 'profileEdit', placeholder)]),
];
