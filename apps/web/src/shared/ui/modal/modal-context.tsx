import {
  type ComponentType,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  use,
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ModalSize } from './modal.tsx';
import { MODAL_KINDS, type ModalKind } from './modal-kinds.ts';

/** The frame options given when opening ("props" in spec 4). */
export type ModalOptions = {
  /** Runs whenever this modal closes (Escape, backdrop, close button or closeModal()). */
  onClose?: () => void;
  size?: ModalSize;
  title?: ReactNode;
  showCloseButton?: boolean;
  closeOnBackdrop?: boolean;
};

/** What a registered modal component receives. */
export type ModalComponentProps = {
  /** The data given to openModal; validate it, it is not typed per kind. */
  data: unknown;
  props: ModalOptions;
  closeModal: () => void;
  /** Put on the component's heading when no title option is given: it names the dialog. */
  titleId: string;
};

export type ModalRegistry = Partial<Record<ModalKind, ComponentType<ModalComponentProps>>>;

type ModalState = { kind: ModalKind; data: unknown; props: ModalOptions; serial: number };

export type ModalContextValue = {
  kind: ModalKind;
  data: unknown;
  props: ModalOptions;
  /** Opens a modal; one at a time, so an open one is replaced (its onClose does not run). */
  openModal: (kind: ModalKind, data?: unknown, props?: ModalOptions) => void;
  /** Runs the optional props.onClose, then resets to UNDEFINED. */
  closeModal: () => void;
};

// The dialog frame is loaded the first time a modal opens, not with the first page.
const Modal = lazy(() => import('./modal.tsx').then((m) => ({ default: m.Modal })));

const CLOSED: ModalState = { kind: MODAL_KINDS.UNDEFINED, data: undefined, props: {}, serial: 0 };

const ModalContext = createContext<ModalContextValue | null>(null);

/** The one modal host: keeps the current kind, data and props, and renders the registered component. */
export function ModalProvider({ children, registry }: { children: ReactNode; registry: ModalRegistry }) {
  const [state, setState] = useState<ModalState>(CLOSED);
  const currentRef = useRef<ModalState>(CLOSED);
  const closingRef = useRef<ModalState | null>(null);
  const serialRef = useRef(0);
  const titleId = useId();

  const update = useCallback((next: ModalState) => {
    currentRef.current = next;
    setState(next);
  }, []);

  const openModal = useCallback(
    (kind: ModalKind, data?: unknown, props?: ModalOptions) => {
      if (kind === MODAL_KINDS.UNDEFINED) {
        update(CLOSED);
        return;
      }
      serialRef.current += 1;
      update({ kind, data, props: props ?? {}, serial: serialRef.current });
    },
    [update],
  );

  const closeModal = useCallback(() => {
    const closing = currentRef.current;
    if (closing.kind === MODAL_KINDS.UNDEFINED || closingRef.current === closing) return;
    closingRef.current = closing;
    try {
      closing.props.onClose?.();
    } finally {
      closingRef.current = null;
      // The callback may have opened the next modal; keep that one.
      if (currentRef.current === closing) update(CLOSED);
    }
  }, [update]);

  const value = useMemo<ModalContextValue>(
    () => ({ kind: state.kind, data: state.data, props: state.props, openModal, closeModal }),
    [state, openModal, closeModal],
  );

  const Component = state.kind === MODAL_KINDS.UNDEFINED ? undefined : registry[state.kind];

  return (
    <ModalContext value={value}>
      {children}
      {Component ? (
        <Suspense fallback={null}>
          <Modal
            key={state.serial}
            open
            onClose={closeModal}
            size={state.props.size}
            title={state.props.title}
            showCloseButton={state.props.showCloseButton}
            closeOnBackdrop={state.props.closeOnBackdrop}
            labelledBy={titleId}
          >
            <Component data={state.data} props={state.props} closeModal={closeModal} titleId={titleId} />
          </Modal>
        </Suspense>
      ) : null}
    </ModalContext>
  );
}

export function useModal(): ModalContextValue {
  const context = use(ModalContext);
  if (!context) throw new Error('useModal must be used inside <ModalProvider>');
  return context;
}
