import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { type Access, RouteGuard } from './route-guard.tsx';

export type RouteHandle = { titleKey: string; access: Access };

type Loader = () => Promise<ComponentType>;

const placeholder: Loader = () => import('./placeholder-page.tsx').then((m) => m.PlaceholderPage);

function route(path: string | undefined, titleKey: string, access: Access, load: Loader): RouteObject {
  const handle: RouteHandle = { titleKey, access };
  const common = {
    handle,
    lazy: async () => {
      const Page = await load();
      return {
        Component: () => (
          <RouteGuard access={access}>
            <Page />
          </RouteGuard>
        ),
      };
    },
  };
  return path === undefined ? { index: true, ...common } : { path, ...common };
}

/** The route table of spec section 2, all under /{lang}. Screens not built yet use the placeholder. */
export const pageRoutes: RouteObject[] = [
  route(undefined, 'home', 'public', () => import('../features/home/home-page.tsx').then((m) => m.HomePage)),
  route('login', 'login', 'guest', placeholder),
  route('register', 'register', 'guest', placeholder),
  route('forgot-password', 'forgotPassword', 'guest', placeholder),
  route('reset-password', 'resetPassword', 'guest', placeholder),
  route('password-change', 'resetPassword', 'guest', placeholder),
  route('confirm-email', 'confirmEmail', 'guest', placeholder),
  route('subscriptions', 'subscriptions', 'public', placeholder),
  route('teachers', 'teachers', 'public', placeholder),
  route('teachers/:id', 'teacher', 'public', placeholder),
  route('privacy', 'privacy', 'public', () => import('../features/pages/privacy-page.tsx').then((m) => m.PrivacyPage)),
  route('about', 'about', 'public', () => import('../features/pages/about-page.tsx').then((m) => m.AboutPage)),
  route('about-platform', 'aboutPlatform', 'public', () =>
    import('../features/pages/about-platform-page.tsx').then((m) => m.AboutPlatformPage),
  ),
  route('contact', 'contact', 'public', () => import('../features/pages/contact-page.tsx').then((m) => m.ContactPage)),
  route('terms', 'terms', 'public', () => import('../features/pages/terms-page.tsx').then((m) => m.TermsPage)),
  route('search', 'search', 'public', placeholder),
  route('reservations', 'reservations', 'auth', placeholder),
  route('chats', 'chats', 'auth', placeholder),
  route('chats/:userId', 'chat', 'auth', placeholder),
  route('profile', 'profile', 'auth', placeholder),
  route('profile/edit', 'profileEdit', 'teacher', placeholder),
  route('notifications', 'notifications', 'auth', placeholder),
  route('suspended-payment', 'suspendedPayment', 'public', placeholder),
  route('payment/:result', 'paymentResult', 'public', placeholder),
  route('*', 'notFound', 'public', () => import('./not-found-page.tsx').then((m) => m.NotFoundPage)),
];
