import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from '../../test/test-i18n.ts';
import { Modal } from './modal.tsx';

// The common texts in English unless a test switches.
await setTestLanguage('en');

afterEach(() => {
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal');
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'close');
});

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(
      <Modal open={false} onClose={() => {}} title="Hidden">
        body
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is named by its title, sized, and focuses its content in the fallback', () => {
    render(
      <Modal open onClose={() => {}} title="Edit profile" size="2xl">
        <input aria-label="First name" />
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit profile' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.className).toContain('md:max-w-2xl');
    expect(dialog.className).toContain('rounded-t-2xl');
    expect(dialog.className).not.toMatch(/(^|\s)(ml|mr|pl|pr|left|right)-/);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('fills the screen at size full', () => {
    render(
      <Modal open onClose={() => {}} title="Full" size="full">
        body
      </Modal>,
    );
    expect(screen.getByRole('dialog').className).toContain('h-full');
    expect(screen.getByRole('dialog').className).not.toContain('rounded-t-2xl');
  });

  it('uses showModal when the browser has it and turns a cancel event into onClose', () => {
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    const close = vi.fn(function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    });
    Object.assign(HTMLDialogElement.prototype, { showModal, close });
    const onClose = vi.fn();
    const { rerender } = render(
      <Modal open onClose={onClose} title="Native">
        body
      </Modal>,
    );
    expect(showModal).toHaveBeenCalledTimes(1);
    const dialog = screen.getByRole('dialog');
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);

    rerender(
      <Modal open={false} onClose={onClose} title="Native">
        body
      </Modal>,
    );
    expect(close).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('has no close button when asked, and a backdrop click still closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} showCloseButton={false} labelledBy="heading">
        <h2 id="heading">Heads up</h2>
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Heads up' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('ignores a press that starts inside the panel and ends on the backdrop', () => {
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} title="Drag">
        <p>text to select</p>
      </Modal>,
    );
    fireEvent.mouseDown(screen.getByText('text to select'));
    fireEvent.click(screen.getByRole('dialog'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes only the innermost of nested modals on Escape', async () => {
    const user = userEvent.setup();
    const outerClose = vi.fn();
    const innerClose = vi.fn();
    render(
      <Modal open onClose={outerClose} title="Outer">
        <Modal open onClose={innerClose} title="Inner">
          <button type="button">Inner action</button>
        </Modal>
      </Modal>,
    );
    screen.getByRole('button', { name: 'Inner action' }).focus();
    await user.keyboard('{Escape}');
    expect(innerClose).toHaveBeenCalledTimes(1);
    expect(outerClose).not.toHaveBeenCalled();
  });
});
