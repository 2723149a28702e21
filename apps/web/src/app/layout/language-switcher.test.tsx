import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

function clearLanguageCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: the test clears what the switcher writes
  document.cookie = 'lang=; Path=/; Max-Age=0';
}

describe('LanguageSwitcher', () => {
  afterEach(clearLanguageCookie);

  it.each([
    ['ar', 'en'],
    ['en', 'ar'],
  ] as const)('on a %s page links to the %s page and remembers the choice in the lang cookie', async (from, to) => {
    clearLanguageCookie();
    const { router } = await renderRoute(<LanguageSwitcher />, { language: from, path: '/teachers?page=2' });
    const link = screen.getByTestId('language-switcher');
    expect(link.getAttribute('href')).toBe(`/${to}/teachers?page=2`);
    expect(document.cookie).not.toContain('lang=');
    fireEvent.click(link);
    expect(document.cookie).toContain(`lang=${to}`);
    expect(router.state.location.pathname).toBe(`/${to}/teachers`);
  });
});
