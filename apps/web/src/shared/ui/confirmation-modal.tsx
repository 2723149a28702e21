import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { cx } from './class-names.ts';
import { Modal } from './modal/modal.tsx';
import type { ModalComponentProps } from './modal/modal-context.tsx';
import { ModalTitle } from './modal/modal-title.tsx';

export type ConfirmationVariant = 'destructive' | 'outline';

/** Runs onConfirm, keeping the button busy until a returned promise settles, then calls onDone. */
function useConfirmAction(onConfirm: (() => unknown) | undefined, onDone: () => void) {
  const [pending, setPending] = useState(false);
  async function confirm() {
    if (pending) return;
    setPending(true);
    try {
      await onConfirm?.();
    } catch (error) {
      // A failed action keeps the modal open; the caller reports the error (notify.error).
      console.error(error);
      setPending(false);
      return;
    }
    setPending(false);
    onDone();
  }
  return { pending, confirm };
}

/** The texts of a confirmation; each missing one is the translated default. */
type ConfirmationTexts = {
  message?: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
  variant?: ConfirmationVariant;
};

type BodyProps = {
  icon?: ReactNode;
  /** Rendered as the heading when given (otherwise the Modal shows the title). */
  title?: ReactNode;
  titleId?: string;
  texts: ConfirmationTexts;
  messageId: string;
  action: ReturnType<typeof useConfirmAction>;
  onCancel: () => void;
};

function ConfirmationBody({ icon, title, titleId, texts, messageId, action, onCancel }: BodyProps) {
  const { t } = useTranslation('common');
  const { pending, confirm } = action;
  return (
    <div className={cx('flex flex-col gap-5', icon ? 'items-center text-center' : 'text-start')}>
      {icon ? (
        <div
          aria-hidden="true"
          className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700"
        >
          {icon}
        </div>
      ) : null}
      <div className="flex flex-col gap-2">
        <ModalTitle id={titleId}>{title}</ModalTitle>
        <div id={messageId} className="text-slate-600">
          {texts.message ?? t('ui.confirmMessage')}
        </div>
      </div>
      <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {texts.cancelText ?? t('ui.cancel')}
        </Button>
        <Button variant={texts.variant ?? 'destructive'} loading={pending} onClick={() => void confirm()}>
          {texts.confirmText ?? t('ui.confirm')}
        </Button>
      </div>
    </div>
  );
}

export type ConfirmationModalProps = {
  open: boolean;
  /** Runs on cancel, Escape, backdrop, the close button, and after onConfirm succeeds. */
  onClose: () => void;
  /** May return a promise: the confirm button shows a spinner until it settles. A rejection keeps the modal open. */
  onConfirm: () => unknown;
  title?: ReactNode;
  message?: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
  variant?: ConfirmationVariant;
};

/** The simple confirmation (spec 2, "Other modals"), with translated defaults for every text. */
export function ConfirmationModal({ open, onClose, onConfirm, title, ...texts }: ConfirmationModalProps) {
  const { t } = useTranslation('common');
  const messageId = useId();
  const action = useConfirmAction(onConfirm, onClose);
  const dismiss = () => {
    if (!action.pending) onClose();
  };
  return (
    <Modal
      open={open}
      onClose={dismiss}
      size="sm"
      role="alertdialog"
      title={title ?? t('ui.confirmTitle')}
      describedBy={messageId}
    >
      <ConfirmationBody texts={texts} messageId={messageId} action={action} onCancel={dismiss} />
    </Modal>
  );
}

export type RichConfirmationModalProps = ConfirmationModalProps & {
  icon: ReactNode;
  /** Runs before onClose when the user cancels (button, Escape or backdrop), not after a confirm. */
  onCancel?: () => void;
};

/** The richer confirmation: an icon, a cancel callback and no close button; the backdrop still cancels. */
export function RichConfirmationModal({
  open,
  onClose,
  onConfirm,
  onCancel,
  icon,
  title,
  ...texts
}: RichConfirmationModalProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const messageId = useId();
  const action = useConfirmAction(onConfirm, onClose);
  const cancel = () => {
    if (action.pending) return;
    onCancel?.();
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={cancel}
      size="sm"
      role="alertdialog"
      showCloseButton={false}
      labelledBy={titleId}
      describedBy={messageId}
    >
      <ConfirmationBody
        icon={icon}
        title={title ?? t('ui.confirmTitle')}
        titleId={titleId}
        texts={texts}
        messageId={messageId}
        action={action}
        onCancel={cancel}
      />
    </Modal>
  );
}

/** What openModal(MODAL_KINDS.CONFIRMATION_MODAL, data) accepts; every field is optional. */
export type ConfirmationModalData = {
  title?: ReactNode;
  message?: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
  variant?: ConfirmationVariant;
  /** Gives the rich layout; open with { showCloseButton: false } to drop the close button too. */
  icon?: ReactNode;
  onConfirm?: () => unknown;
};

function readData(data: unknown): ConfirmationModalData {
  if (!data || typeof data !== 'object') return {};
  const record = data as Record<string, unknown>;
  const node = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' || (typeof value === 'object' && value !== null)
      ? (value as ReactNode)
      : undefined;
  return {
    title: node(record.title),
    message: node(record.message),
    confirmText: node(record.confirmText),
    cancelText: node(record.cancelText),
    icon: node(record.icon),
    variant: record.variant === 'outline' || record.variant === 'destructive' ? record.variant : undefined,
    onConfirm: typeof record.onConfirm === 'function' ? (record.onConfirm as () => unknown) : undefined,
  };
}

/**
 * The confirmation as content of the modal host, for the CONFIRMATION_MODAL kind: texts and
 * onConfirm come from the host's data; cancel and a finished confirm call closeModal, which runs
 * the host's props.onClose.
 */
export function ConfirmationModalFromHost({ data, props, closeModal, titleId }: ModalComponentProps) {
  const { t } = useTranslation('common');
  const messageId = useId();
  const content = readData(data);
  const action = useConfirmAction(content.onConfirm, closeModal);
  return (
    <ConfirmationBody
      icon={content.icon}
      title={props.title ? undefined : (content.title ?? t('ui.confirmTitle'))}
      titleId={titleId}
      texts={content}
      messageId={messageId}
      action={action}
      onCancel={closeModal}
    />
  );
}
