import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HowItWorksSection } from '../features/home/how-it-works-section.tsx';
import { translate } from '../shared/i18n/translate.ts';
import { renderRoute } from '../shared/test/render-route.tsx';
import { createTestI18n, setTestLanguage } from '../shared/test/test-i18n.ts';
import { TextInput } from '../shared/ui/text-input.tsx';
import { ChatsNavLabel } from './layout/chats-nav-label.tsx';

// Issue 17, one number style per language (shared/i18n/README.md): a raw number passed to t() comes out
// in the language's digits, with i18next's plural rule still reading the number.

const LATIN = /[0-9]/;

describe('numbers interpolated into texts', () => {
  it('the character counter: Arabic-Indic digits on Arabic pages, Latin on English ones', async () => {
    await setTestLanguage('ar');
    const { unmount } = render(
      <TextInput label="الاسم" name="name" maxLength={500} showCounter value="abcdefghijkl" readOnly />,
    );
    expect(screen.getByText('١٢ / ٥٠٠')).toBeTruthy();
    unmount();
    await setTestLanguage('en');
    render(<TextInput label="Name" name="name" maxLength={500} showCounter value="abcdefghijkl" readOnly />);
    expect(screen.getByText('12 / 500')).toBeTruthy();
  });

  it("the steps' numbers of the home page", async () => {
    const ar = await renderRoute(<HowItWorksSection />, { language: 'ar', path: '' });
    const arText = ar.container.textContent ?? '';
    expect(arText).toContain('الخطوة ١');
    expect(arText).not.toMatch(LATIN);
    ar.unmount();
    const en = await renderRoute(<HowItWorksSection />, { language: 'en', path: '' });
    expect(en.container.textContent).toContain('Step 1');
  });

  it("the unread badge of 'Chats' and its spoken count", async () => {
    const ar = await renderRoute(<ChatsNavLabel unread={7} />, { language: 'ar', path: '' });
    expect(screen.getByTestId('chats-unread-badge').textContent).toBe('٧');
    expect(ar.container.textContent).not.toMatch(LATIN);
    ar.unmount();
    await renderRoute(<ChatsNavLabel unread={120} />, { language: 'en', path: '' });
    expect(screen.getByTestId('chats-unread-badge').textContent).toBe('99+');
  });

  it('keeps the plural rule on the number, years and ids ungrouped, strings as written', async () => {
    const { i18n: ar } = await createTestI18n('ar');
    const t = ar.getFixedT('ar', 'admin');
    // Arabic "few" (3..10) and "many" (11..99) forms, each with the number in Arabic digits.
    const money = ar.getFixedT('ar', 'admin-money');
    expect(translate(money, 'reconciliation.days', { count: 3, number: 3 })).toBe('٣ أيام');
    expect(translate(money, 'reconciliation.days', { count: 30, number: 30 })).toBe('٣٠ يومًا');
    expect(translate(t, 'applications.pendingCount', { count: 1234 })).toContain('١٬٢٣٤');
    expect(translate(ar.t, 'footer.rights', { year: 2026, appName: 'Ustaz' })).toContain('٢٠٢٦');
    expect(translate(t, 'user.subtitle', { id: 12345 })).toContain('١٢٣٤٥');
    // A string (an IBAN, an amount formatKwd wrote) stays as written.
    expect(translate(t, 'user.subtitle', { id: 'KW81CBKU0000000000001234560101' })).toContain(
      'KW81CBKU0000000000001234560101',
    );
    const { i18n: en } = await createTestI18n('en');
    expect(translate(en.getFixedT('en', 'admin'), 'applications.pendingCount', { count: 1234 })).toBe('1,234 waiting');
    expect(translate(en.t, 'footer.rights', { year: 2026, appName: 'Ustaz' })).toContain('2026');
  });
});
