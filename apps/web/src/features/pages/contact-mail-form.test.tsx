import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import arPages from '../../../public/locales/ar/pages.json';
import enPages from '../../../public/locales/en/pages.json';
import { createTestI18n } from '../../shared/test/test-i18n.ts';
import { ContactMailForm } from './contact-mail-form.tsx';

async function renderForm(language: 'ar' | 'en') {
  const { i18n } = await createTestI18n(language);
  const openMailto = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <ContactMailForm email="support@ustaz.example" openMailto={openMailto} />
    </I18nextProvider>,
  );
  return { openMailto, user: userEvent.setup() };
}

describe('ContactMailForm', () => {
  it('opens a mailto: address to the settings e-mail with the subject and body prefilled', async () => {
    const { openMailto, user } = await renderForm('en');
    expect(screen.getByLabelText(new RegExp(enPages.contact.mailForm.subject))).toHaveProperty(
      'value',
      enPages.contact.mailForm.defaultSubject,
    );
    await user.type(screen.getByLabelText(enPages.contact.mailForm.name), 'Sara Ali');
    await user.type(screen.getByLabelText(/Your message/), 'I need a physics teacher & more');
    await user.click(screen.getByRole('button', { name: enPages.contact.mailForm.submit }));

    expect(openMailto).toHaveBeenCalledTimes(1);
    const href = String(openMailto.mock.calls[0]?.[0]);
    expect(href.startsWith('mailto:support@ustaz.example?')).toBe(true);
    const params = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(params.get('subject')).toBe(enPages.contact.mailForm.defaultSubject);
    expect(params.get('body')).toBe('I need a physics teacher & more\n\nSara Ali');
  });

  it('does not open the mail app while the message is empty (native required check)', async () => {
    const { openMailto, user } = await renderForm('ar');
    await user.click(screen.getByRole('button', { name: arPages.contact.mailForm.submit }));
    expect(openMailto).not.toHaveBeenCalled();
  });
});
