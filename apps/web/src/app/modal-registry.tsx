import { lazy } from 'react';
import type { ModalRegistry } from '../shared/ui/modal/modal-context.tsx';

/** Which component the modal host shows for each kind; each is loaded when first opened. */
export const modalRegistry: ModalRegistry = {
  CONFIRMATION_MODAL: lazy(() =>
    import('../shared/ui/confirmation-modal.tsx').then((m) => ({ default: m.ConfirmationModalFromHost })),
  ),
  EDIT_PROFILE: lazy(() =>
    import('../features/profile/edit-profile-modal.tsx').then((m) => ({ default: m.EditProfileModal })),
  ),
  TEACHER_SEARCH: lazy(() =>
    import('../features/search/teacher-search-dialog.tsx').then((m) => ({ default: m.TeacherSearchDialog })),
  ),
  VIDEO_PLAYER: lazy(() =>
    import('../features/teacher/video-player-modal.tsx').then((m) => ({ default: m.VideoPlayerModal })),
  ),
};
