import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ComponentProps, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/common.json';
import { setTestLanguage } from '../test/test-i18n.ts';
import { ConfirmationModal, RichConfirmationModal } from './confirmation-modal.tsx';
import { TriangleAlert } from './icons.tsx';

// The common texts in English unless a test switches.
await setTestLanguage('en');

afterEach(async () => {
  await setTestLanguage('en');
});

function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A page that owns the open state, as real callers do. */
function ClosesItself({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const [open, setOpen] = useState(true);
  return <ConfirmationModal open={open} onConfirm={onConfirm} onClose={() => setOpen(false)} />;
}

describe('ConfirmationModal', () => {
  it('shows the Arabic defaults and confirms', async () => {
    await setTestLanguage('ar');
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmationModal open onConfirm={onConfirm} onClose={onClose} />);

    const dialog = screen.getByRole('alertdialog', { name: ar.ui.confirmTitle });
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText(ar.ui.confirmMessage).id);
    expect(screen.getByRole('button', { name: ar.ui.cancel })).toBeTruthy();
    expect(screen.getByRole('button', { name: ar.ui.close })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: ar.ui.confirm }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('uses given texts and the outline variant, and cancel does not confirm', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <ConfirmationModal
        open
        title="Log out?"
        message="You will need to log in again."
        confirmText="Log out"
        cancelText="Stay"
        variant="outline"
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Log out?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' }).className).toContain('border-slate-300');
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('shows loading on the confirm button until the promise settles, then closes', async () => {
    const user = userEvent.setup();
    const work = deferred();
    render(<ClosesItself onConfirm={() => work.promise} />);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const confirm = screen.getByRole('button', { name: /Confirm/ });
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    work.resolve();
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('stays open when the action fails', async () => {
    const user = userEvent.setup();
    const failure = new Error('network');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onClose = vi.fn();
    render(<ConfirmationModal open onConfirm={() => Promise.reject(failure)} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Confirm' }).hasAttribute('aria-busy')).toBe(false),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledWith(failure);
  });
});

/** Renders the rich modal (open, with an icon) with a spy for each of its three callbacks. */
function renderRich(props: Partial<ComponentProps<typeof RichConfirmationModal>> = {}) {
  const callbacks = { onConfirm: vi.fn(), onCancel: vi.fn(), onClose: vi.fn() };
  render(<RichConfirmationModal open icon={<TriangleAlert />} {...callbacks} {...props} />);
  return { user: userEvent.setup(), ...callbacks };
}

describe('RichConfirmationModal', () => {
  it('has an icon and no close button, and a backdrop click cancels', async () => {
    const { user, onCancel, onClose, onConfirm } = renderRich({
      icon: <TriangleAlert data-testid="icon" />,
      title: 'Delete account?',
    });
    expect(screen.getByRole('alertdialog', { name: 'Delete account?' })).toBeTruthy();
    expect(screen.getByTestId('icon')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();

    await user.click(screen.getByRole('alertdialog'));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms without calling the cancel callback', async () => {
    const { user, onCancel, onClose, onConfirm } = renderRich();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });
});
