import type { Language } from '@ustaz/contract/constants';
import type { ReactElement } from 'react';
import type { AuthContextValue } from '../../shared/auth/auth-context.tsx';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { VideoPlayerModal } from './video-player-modal.tsx';

/**
 * Test helper: renderAppRoute at `/{language}{path}` matched by `/:lang{pattern}` (the teacher
 * page's by default), with the modal host holding the video player and the given auth state (a
 * guest by default).
 */
export function renderTeacherRoute(
  element: ReactElement,
  {
    pattern = '/teachers/:id',
    ...options
  }: { language: Language; path: string; pattern?: string; auth?: AuthContextValue },
) {
  return renderAppRoute(element, { ...options, pattern, registry: { VIDEO_PLAYER: VideoPlayerModal } });
}
