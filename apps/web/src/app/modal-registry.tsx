import type { ComponentType } from 'react';
import { ConfirmationModalFromHost } from '../shared/ui/confirmation-modal.tsx';
import type { ModalKind } from '../shared/ui/modal/modal-kinds.ts';
import type { ModalComponentProps } from '../shared/ui/modal/modal-context.tsx';

/** Which component the modal host shows for each kind; features add theirs as they arrive. */
export const modalRegistry: Partial<Record<ModalKind, ComponentType<ModalComponentProps>>> = {
  CONFIRMATION_MODAL: ConfirmationModalFromHost,
};
