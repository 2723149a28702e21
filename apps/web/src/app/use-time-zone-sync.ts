import { useEffect, useRef } from 'react';
import { updateMe } from '../features/profile/api/update-me.ts';
import type { AuthState, AuthUser } from '../shared/auth/auth-context.tsx';
import { viewerTimeZone } from '../shared/lib/dates/formats.ts';

/**
 * Tells the server the browser's time zone (issue 15: the other party of a lesson sees this user's
 * local time too) when the signed-in user's stored one is empty or another: one silent PATCH
 * /auth/me per session at most, never for guests. A teacher's lesson zone is the profile's own
 * setting and is not touched here. A refused zone or a failed call is left alone until the next
 * session.
 */
export function useTimeZoneSync(
  state: Pick<AuthState, 'user' | 'isAuthenticated' | 'loading'>,
  setUser: (user: AuthUser) => void,
  browserZone: () => string = viewerTimeZone,
) {
  const sentFor = useRef<number | null>(null);
  const user = state.isAuthenticated && !state.loading ? state.user : null;
  useEffect(() => {
    if (!user || sentFor.current === user.id) return;
    const timeZone = browserZone();
    if (user.timeZone === timeZone) return;
    sentFor.current = user.id;
    updateMe({ timeZone }).then(setUser, () => undefined);
  }, [user, setUser, browserZone]);
}
