import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../class-names.ts';
import { X } from '../icons.tsx';
import { DialogToaster } from '../toast.tsx';
import { ModalTitle } from './modal-title.tsx';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl' | '2xl' | '3xl' | '4xl' | 'full';

export type ModalProps = {
  open: boolean;
  /** Asked for by Escape, a backdrop click or the close button; the parent decides and sets open. */
  onClose: () => void;
  size?: ModalSize;
  /** Shown as the heading and used as the accessible name. */
  title?: ReactNode;
  showCloseButton?: boolean;
  closeOnBackdrop?: boolean;
  /** Id of a heading inside children naming the dialog, when there is no title. */
  labelledBy?: string;
  /** Id of the text describing the dialog (a confirmation's message). */
  describedBy?: string;
  /** alertdialog for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  children: ReactNode;
};

/** From 768 px (Tailwind md, MOBILE_BREAKPOINT_PX) the panel is centred with the size's max width. */
const SIZE_CLASSES: Record<ModalSize, string> = {
  sm: 'md:max-w-sm',
  md: 'md:max-w-md',
  lg: 'md:max-w-lg',
  xl: 'md:max-w-xl',
  '2xl': 'md:max-w-2xl',
  '3xl': 'md:max-w-3xl',
  '4xl': 'md:max-w-4xl',
  full: '',
};

/** Below 768 px a bottom sheet: full width, at the bottom, rounded top corners, at most 90vh. */
const SHEET =
  'fixed inset-x-0 top-auto bottom-0 m-0 w-full max-w-full max-h-[90vh] rounded-t-2xl ' +
  'md:inset-0 md:m-auto md:h-fit md:w-[calc(100%-2rem)] md:max-h-[85vh] md:rounded-2xl';

const FULL = 'fixed inset-0 m-0 h-full max-h-full w-full max-w-full rounded-none';

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

let scrollLocks = 0;
let savedOverflow = '';
let savedPadding = '';

/** Locks page scrolling while at least one modal is open; keeps the layout from shifting. */
function lockBodyScroll() {
  const body = document.body;
  if (scrollLocks === 0) {
    savedOverflow = body.style.overflow;
    savedPadding = body.style.paddingInlineEnd;
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    if (scrollbar > 0) body.style.paddingInlineEnd = `${scrollbar}px`;
    body.style.overflow = 'hidden';
  }
  scrollLocks += 1;
  return () => {
    scrollLocks -= 1;
    if (scrollLocks === 0) {
      body.style.overflow = savedOverflow;
      body.style.paddingInlineEnd = savedPadding;
    }
  };
}

/** jsdom (tests) and very old browsers lack showModal: fall back to the open attribute. */
function showDialog(dialog: HTMLDialogElement): boolean {
  if (typeof dialog.showModal === 'function') {
    if (!dialog.open) dialog.showModal();
    return true;
  }
  dialog.setAttribute('open', '');
  const first = dialog.querySelector<HTMLElement>(FOCUSABLE);
  if (first) first.focus();
  else {
    dialog.tabIndex = -1;
    dialog.focus();
  }
  return false;
}

function hideDialog(dialog: HTMLDialogElement) {
  if (typeof dialog.close === 'function') {
    if (dialog.open) dialog.close();
  } else dialog.removeAttribute('open');
}

/**
 * A modal on the native <dialog> with showModal(): focus trap, Escape and backdrop click ask to
 * close, the page behind does not scroll. Renders nothing while closed, so its content resets.
 */
export function Modal({
  open,
  onClose,
  size = 'md',
  title,
  showCloseButton = true,
  closeOnBackdrop = true,
  labelledBy,
  describedBy,
  role,
  className,
  children,
}: ModalProps) {
  const { t } = useTranslation('common');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const nativeRef = useRef(true);
  const closingByUsRef = useRef(false);
  const pointerDownOnBackdrop = useRef(false);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closingByUsRef.current = false;
    nativeRef.current = showDialog(dialog);
    const unlock = lockBodyScroll();
    return () => {
      closingByUsRef.current = true;
      hideDialog(dialog);
      unlock();
      if (previousFocus?.isConnected) previousFocus.focus();
    };
  }, [open]);

  if (!open) return null;

  function handleCancel(event: SyntheticEvent<HTMLDialogElement>) {
    // Escape (or a platform close request): the parent decides.
    event.preventDefault();
    onCloseRef.current();
  }

  function handleNativeClose() {
    // The browser closed the dialog on its own (a repeated close request): report it.
    if (!closingByUsRef.current) onCloseRef.current();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Escape') return;
    // Native dialogs get a cancel event; only the fallback handles the key itself.
    event.stopPropagation();
    if (nativeRef.current) return;
    event.preventDefault();
    onCloseRef.current();
  }

  function handleMouseDown(event: MouseEvent<HTMLDialogElement>) {
    pointerDownOnBackdrop.current = event.target === event.currentTarget;
  }

  function handleClick(event: MouseEvent<HTMLDialogElement>) {
    // The content wrapper fills the panel, so only the ::backdrop hits the dialog itself. A press
    // that started inside the panel (a text selection dragged out) does not count.
    const onBackdrop = event.target === event.currentTarget && pointerDownOnBackdrop.current;
    pointerDownOnBackdrop.current = false;
    if (onBackdrop && closeOnBackdrop) onCloseRef.current();
  }

  const hasHeader = Boolean(title) || showCloseButton;

  return (
    <dialog
      ref={dialogRef}
      role={role === 'alertdialog' ? role : undefined}
      aria-labelledby={title ? titleId : labelledBy}
      aria-describedby={describedBy}
      onCancel={handleCancel}
      onClose={handleNativeClose}
      onKeyDown={handleKeyDown}
      onMouseDown={handleMouseDown}
      onClick={handleClick}
      className={cx(
        'overflow-hidden border-0 bg-white p-0 text-slate-800 shadow-2xl open:flex open:flex-col backdrop:bg-black/50',
        size === 'full' ? FULL : SHEET,
        SIZE_CLASSES[size],
        className,
      )}
    >
      <div className="flex min-h-0 flex-1 flex-col">
        {size === 'full' ? null : (
          <div aria-hidden="true" className="mx-auto mt-2 h-1.5 w-10 shrink-0 rounded-full bg-slate-300 md:hidden" />
        )}
        {hasHeader ? (
          <div className="flex shrink-0 items-start gap-3 px-5 pt-4">
            <ModalTitle id={titleId} className="flex-1">
              {title}
            </ModalTitle>
            {showCloseButton ? (
              <button
                type="button"
                onClick={() => onCloseRef.current()}
                aria-label={t('ui.close')}
                className="-me-2 ms-auto flex size-11 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-primary"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            ) : null}
          </div>
        ) : null}
        <div className={cx('min-h-0 flex-1 overflow-y-auto px-5 pb-5', hasHeader ? 'pt-2' : 'pt-5')}>{children}</div>
      </div>
      {/* The page's toaster is inert and dimmed under a modal dialog: toasts show in this one. */}
      <DialogToaster />
    </dialog>
  );
}
