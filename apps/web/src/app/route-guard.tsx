import { isLanguage, ROLE } from '@ustaz/contract/constants';
import { type ReactNode, useContext } from 'react';
import { Navigate, UNSAFE_DataRouterContext, useLocation, useParams } from 'react-router';
import { useAuth } from '../shared/auth/auth-context.tsx';
import { localePath } from '../shared/i18n/language.ts';
import { FullPageSpinner } from '../shared/ui/spinner.tsx';

export type Access = 'public' | 'guest' | 'auth' | 'teacher' | 'admin';

type GuardProps = { access: Access; redirectTo?: string; children: ReactNode };

/**
 * Spec 2 "Route guard": a spinner while auth loads; guest-only pages send a signed-in user
 * home; login-required pages send a guest to /{lang}/login; teacher pages need a signed-in
 * teacher. The admin flag is accepted but not enforced, as the spec says.
 */
export function RouteGuard({ access, redirectTo = '/login', children }: GuardProps) {
  const auth = useAuth();
  const { lang } = useParams();
  const location = useLocation();
  const language = isLanguage(lang) ? lang : 'ar';
  // The router's live location: a page being left (kept on screen, or hidden, while the next
  // one loads) still renders when the auth state changes, as on logout; it must not redirect.
  const currentPath = useContext(UNSAFE_DataRouterContext)?.router.state.location.pathname;
  const leaving = currentPath !== undefined && currentPath !== location.pathname;

  if (access === 'public' || access === 'admin') return children;
  if (auth.loading) return <FullPageSpinner />;
  if (location.pathname.endsWith('/forgot-password')) return children;
  if (access === 'guest') {
    return auth.isAuthenticated ? <Navigate to={localePath(language)} replace /> : children;
  }
  if (!auth.isAuthenticated) {
    if (leaving) return null;
    return <Navigate to={localePath(language, redirectTo)} replace state={{ from: location.pathname }} />;
  }
  if (access === 'teacher' && auth.user?.role.id !== ROLE.teacher) {
    return <Navigate to={localePath(language, redirectTo)} replace />;
  }
  return children;
}
