import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setTestLanguage } from '../test/test-i18n.ts';
import { Modal } from './modal/modal.tsx';
import { AppToaster, notify } from './toast.tsx';

// The common texts in English unless a test switches.
await setTestLanguage('en');

async function renderToaster() {
  render(<AppToaster />);
  // The toaster mounts with the first toast.
  void notify.dismiss();
  // sonner is lazy: wait until its toaster is on the page.
  await waitFor(() => expect(document.querySelector('section[aria-label]')).not.toBeNull());
}

afterEach(async () => {
  await act(async () => {
    await notify.dismiss();
  });
});

describe('notify', () => {
  it('cuts error text to 100 characters', async () => {
    await renderToaster();
    const long = `${'a'.repeat(60)}${'b'.repeat(90)}`;
    await act(async () => {
      await notify.error(long);
    });
    const shown = await screen.findByText(/^a+b+…$/);
    expect(shown.textContent).toHaveLength(100);
    expect(shown.textContent?.startsWith('a'.repeat(60))).toBe(true);
    expect(screen.queryByText(long)).toBeNull();
  });

  it('shows short messages whole, in the page direction', async () => {
    await setTestLanguage('ar');
    await renderToaster();
    await act(async () => {
      await notify.success('تم الحفظ');
    });
    const shown = await screen.findByText('تم الحفظ');
    const toaster = shown.closest('[data-sonner-toaster]');
    expect(toaster?.getAttribute('dir')).toBe('rtl');
    expect(toaster?.getAttribute('data-y-position')).toBe('top');
    expect(toaster?.getAttribute('data-x-position')).toBe('right');
    await setTestLanguage('en');
  });

  it('shows a toast once: in an open modal dialog (the page behind is inert), then on the page when it closes', async () => {
    await renderToaster();
    const modal = render(
      <Modal open onClose={() => {}} title="Booking">
        body
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Booking' });
    await waitFor(() => expect(dialog.querySelector('section[aria-label]')).not.toBeNull());
    // The page's toaster makes way while the dialog is open (issue 17: the toast showed twice).
    expect(document.querySelectorAll('section[aria-label]')).toHaveLength(1);
    await act(async () => {
      await notify.success('Booked');
    });
    await waitFor(() => expect(screen.getAllByText('Booked')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    const shown = screen.getAllByText('Booked');
    expect(shown).toHaveLength(1);
    expect(dialog.contains(shown[0] as Node)).toBe(true);

    modal.unmount();
    await waitFor(() => expect(screen.getAllByText('Booked')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
