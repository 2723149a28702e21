import { ROLE } from '@ustaz/contract/constants';
import { lazy, Suspense } from 'react';
import { useAuth } from '../auth/auth-context.tsx';

const YourTeachersRow = lazy(() => import('./your-teachers-row.tsx').then((m) => ({ default: m.YourTeachersRow })));

/**
 * "Your teachers" for a signed-in student (home page, top of search); nothing for a guest, a
 * teacher or an admin. The row and its request load only then, in a chunk of their own.
 */
export function YourTeachers({ className }: { className?: string }) {
  const { user, isAuthenticated } = useAuth();
  if (!isAuthenticated || user?.role.id !== ROLE.student) return null;
  return (
    <Suspense fallback={null}>
      <YourTeachersRow className={className} />
    </Suspense>
  );
}
