import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from '../../test/test-i18n.ts';
import { ConfirmationModalFromHost } from '../confirmation-modal.tsx';
import { type ModalComponentProps, type ModalContextValue, ModalProvider, useModal } from './modal-context.tsx';
import { MODAL_KINDS } from './modal-kinds.ts';

// The common texts in English unless a test switches.
await setTestLanguage('en');

/** Sample content for the VIDEO_PLAYER kind: shows its data and can open the confirmation. */
function VideoContent({ data, titleId }: ModalComponentProps) {
  const { openModal } = useModal();
  const url = typeof data === 'object' && data && 'url' in data ? String(data.url) : '';
  return (
    <div>
      <h2 id={titleId}>Video</h2>
      <p>{url}</p>
      <button type="button" onClick={() => openModal(MODAL_KINDS.CONFIRMATION_MODAL, { title: 'Leave video?' })}>
        Leave
      </button>
    </div>
  );
}

const registry = {
  [MODAL_KINDS.CONFIRMATION_MODAL]: ConfirmationModalFromHost,
  [MODAL_KINDS.VIDEO_PLAYER]: VideoContent,
};

/** Exposes the host's context to the test, like any page that calls useModal(). */
function Probe({ host }: { host: { current: ModalContextValue | null } }) {
  host.current = useModal();
  return <main>page</main>;
}

function Orphan() {
  useModal();
  return null;
}

function renderHost() {
  const host: { current: ModalContextValue | null } = { current: null };
  render(
    <ModalProvider registry={registry}>
      <Probe host={host} />
    </ModalProvider>,
  );
  const modal = () => {
    if (!host.current) throw new Error('no modal context');
    return host.current;
  };
  return { modal };
}

describe('ModalProvider and useModal', () => {
  it('starts closed and opens the registered component with its data', async () => {
    const { modal } = renderHost();
    expect(modal().kind).toBe('UNDEFINED');
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => modal().openModal(MODAL_KINDS.VIDEO_PLAYER, { url: 'https://youtu.be/abc' }, { size: 'xl' }));
    // The dialog frame is lazy: the first open waits for it.
    const dialog = await screen.findByRole('dialog', { name: 'Video' });
    expect(dialog.textContent).toContain('https://youtu.be/abc');
    expect(dialog.className).toContain('md:max-w-xl');
    expect(modal().kind).toBe('VIDEO_PLAYER');
    expect(modal().data).toEqual({ url: 'https://youtu.be/abc' });
    expect(modal().props).toEqual({ size: 'xl' });
  });

  it('shows one modal at a time: opening another replaces the current one', async () => {
    const user = userEvent.setup();
    const { modal } = renderHost();
    const videoClosed = vi.fn();
    act(() => modal().openModal(MODAL_KINDS.VIDEO_PLAYER, { url: 'u' }, { onClose: videoClosed }));

    await user.click(screen.getByRole('button', { name: 'Leave' }));
    const dialogs = screen.getAllByRole('dialog');
    expect(dialogs).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Leave video?' })).toBeTruthy();
    expect(screen.queryByText('Video')).toBeNull();
    expect(modal().kind).toBe('CONFIRMATION_MODAL');
    expect(videoClosed).not.toHaveBeenCalled();
  });

  it('closes on a backdrop click and runs the onClose callback, but not on a click inside', async () => {
    const user = userEvent.setup();
    const { modal } = renderHost();
    const onClose = vi.fn();
    act(() => modal().openModal(MODAL_KINDS.VIDEO_PLAYER, { url: 'inside' }, { onClose }));

    await user.click(screen.getByText('inside'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(modal().kind).toBe('UNDEFINED');
    expect(modal().data).toBeUndefined();
  });

  it('keeps the modal on a backdrop click when closeOnBackdrop is false', async () => {
    const user = userEvent.setup();
    const { modal } = renderHost();
    act(() => modal().openModal(MODAL_KINDS.VIDEO_PLAYER, {}, { closeOnBackdrop: false }));
    await user.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('closes with Escape and with the close button', async () => {
    const user = userEvent.setup();
    const { modal } = renderHost();
    const onClose = vi.fn();
    act(() => modal().openModal(MODAL_KINDS.VIDEO_PLAYER, {}, { onClose }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);

    act(() => modal().openModal(MODAL_KINDS.VIDEO_PLAYER, {}, { onClose }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('runs onClose once when closing is asked twice', () => {
    const { modal } = renderHost();
    const onClose = vi.fn();
    act(() => modal().openModal(MODAL_KINDS.VIDEO_PLAYER, {}, { onClose }));
    act(() => {
      modal().closeModal();
      modal().closeModal();
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps a modal that the onClose callback opens', () => {
    const { modal } = renderHost();
    const onClose = vi.fn(() => modal().openModal(MODAL_KINDS.CONFIRMATION_MODAL, { title: 'Next step' }));
    act(() => modal().openModal(MODAL_KINDS.VIDEO_PLAYER, {}, { onClose }));
    act(() => modal().closeModal());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Next step' })).toBeTruthy();
    expect(modal().kind).toBe('CONFIRMATION_MODAL');
  });

  it('locks page scrolling while a modal is open', () => {
    const { modal } = renderHost();
    document.body.style.overflow = 'auto';
    act(() => modal().openModal(MODAL_KINDS.VIDEO_PLAYER, {}));
    expect(document.body.style.overflow).toBe('hidden');
    act(() => modal().openModal(MODAL_KINDS.CONFIRMATION_MODAL, {}));
    expect(document.body.style.overflow).toBe('hidden');
    act(() => modal().closeModal());
    expect(document.body.style.overflow).toBe('auto');
  });

  it('runs the confirmation from the host data, then closes', async () => {
    const user = userEvent.setup();
    const { modal } = renderHost();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    act(() =>
      modal().openModal(
        MODAL_KINDS.CONFIRMATION_MODAL,
        { title: 'Cancel booking?', message: 'The slot is released.', confirmText: 'Yes, cancel', onConfirm },
        { onClose },
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Cancel booking?' })).toBeTruthy();
    expect(screen.getByText('The slot is released.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('renders nothing for a kind without a registered component', () => {
    const { modal } = renderHost();
    act(() => modal().openModal(MODAL_KINDS.TOP_UP_BALANCE));
    expect(modal().kind).toBe('TOP_UP_BALANCE');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses to be used outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow(/ModalProvider/);
  });
});
