import { screen, waitFor, within } from '@testing-library/react';
import { FALLBACK_WEBSITE_SETTINGS, type WebsiteSettings } from '@ustaz/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSettingsMemory } from '../../shared/settings/api.ts';
import { applyFavicon, brandOf, siteTitleOf } from '../../shared/settings/brand.ts';
import { mockApi, ok } from '../../shared/test/mock-api.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

const BRANDED: WebsiteSettings = {
  ...FALLBACK_WEBSITE_SETTINGS,
  id: 3,
  appName: 'Madrasa Plus',
  logoUrl: 'https://cdn.example.com/logo.png',
  contactEmail: 'help@example.com',
};

function Shell() {
  return (
    <>
      <Navbar />
      <Footer />
    </>
  );
}

beforeEach(() => {
  resetSettingsMemory();
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the operator's brand", () => {
  it('names the site from settings in both languages, the translated name only when the field is empty', () => {
    expect(brandOf(BRANDED, 'Ustaz', 'ar')).toEqual({
      appName: 'Madrasa Plus',
      logoUrl: 'https://cdn.example.com/logo.png',
      faviconUrl: null,
    });
    expect(brandOf({ ...BRANDED, appName: '  ', logoUrl: 'javascript:alert(1)' }, 'Ustaz', 'ar')).toMatchObject({
      appName: 'Ustaz',
      logoUrl: null,
    });
    expect(brandOf(undefined, 'أستاذ', 'ar').appName).toBe('أستاذ');
    // English pages: the English name when set, else the Arabic (main) one.
    const bilingual = { ...BRANDED, appName: 'مدرسة بلس', appNameEn: 'Madrasa Plus' };
    expect(brandOf(bilingual, 'Ustaz', 'en').appName).toBe('Madrasa Plus');
    expect(brandOf(bilingual, 'أستاذ', 'ar').appName).toBe('مدرسة بلس');
    expect(brandOf({ ...bilingual, appNameEn: '  ' }, 'Ustaz', 'en').appName).toBe('مدرسة بلس');
    expect(siteTitleOf({ ...BRANDED, defaultTitle: ' Madrasa Plus | tutors ' }, 'Ustaz')).toBe('Madrasa Plus | tutors');
    expect(siteTitleOf({ ...BRANDED, defaultTitle: '' }, 'Madrasa Plus')).toBe('Madrasa Plus');
  });

  it.each([
    ['en', 'Madrasa Plus', 'Al Hamra Tower, Kuwait City'],
    ['ar', 'مدرسة بلس', 'برج الحمراء، مدينة الكويت'],
  ] as const)(
    '%s pages show the name and address of their language (issue 30 item 15)',
    async (language, name, address) => {
      const bilingual: WebsiteSettings = {
        ...BRANDED,
        logoUrl: null,
        appName: 'مدرسة بلس',
        appNameEn: 'Madrasa Plus',
        contactAddress: 'برج الحمراء، مدينة الكويت',
        contactAddressEn: 'Al Hamra Tower, Kuwait City',
      };
      mockApi({ 'GET /api/settings/website': ok(bilingual) });
      await renderAppRoute(<Shell />, { language, path: '/' });
      expect(await within(screen.getByTestId('navbar-brand')).findByText(name)).toBeTruthy();
      const footer = screen.getByTestId('footer');
      expect(within(footer).getByText(address)).toBeTruthy();
      const other = language === 'en' ? 'برج الحمراء، مدينة الكويت' : 'Al Hamra Tower, Kuwait City';
      expect(within(footer).queryByText(other)).toBeNull();
    },
  );

  it('points the existing icon link at the favicon', () => {
    const link = document.createElement('link');
    link.rel = 'icon';
    link.href = '/favicon.svg';
    document.head.appendChild(link);
    applyFavicon(document, 'https://cdn.example.com/fav.png');
    expect(document.querySelectorAll('link[rel~="icon"]')).toHaveLength(1);
    expect(link.getAttribute('href')).toBe('https://cdn.example.com/fav.png');
    link.remove();
  });

  for (const language of ['ar', 'en'] as const) {
    it(`shows the logo (alt = appName) in the navbar and the logo and name in the footer (${language})`, async () => {
      mockApi({ 'GET /api/settings/website': ok(BRANDED) });
      const { missing } = await renderAppRoute(<Shell />, { language, path: '/' });
      const navbarLogo = await within(screen.getByTestId('navbar-brand')).findByRole('img', { name: 'Madrasa Plus' });
      expect(navbarLogo.getAttribute('src')).toBe('https://cdn.example.com/logo.png');
      const footer = screen.getByTestId('footer-brand');
      expect(within(footer).getByRole('img', { name: 'Madrasa Plus' })).toBeTruthy();
      expect(footer.textContent).toContain('Madrasa Plus');
      expect(screen.getByTestId('footer').textContent).toContain('Madrasa Plus');
      expect(missing).toEqual([]);
    });
  }

  it("shows the spec's fallback settings in the footer when loading fails and nothing is cached, not an error", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({ 'GET /api/settings/website': { status: 500, body: { status: 500, message: 'x', code: 'internal' } } });
    await renderAppRoute(<Shell />, { language: 'en', path: '/' });
    await waitFor(() => expect(screen.getByTestId('footer-brand').textContent).toBe(FALLBACK_WEBSITE_SETTINGS.appName));
    expect(within(screen.getByTestId('footer')).queryByRole('alert')).toBeNull();
    expect(within(screen.getByTestId('footer-contact')).queryByRole('status')).toBeNull();
    // No contact data in the fallback: the contact page instead.
    expect(within(screen.getByTestId('footer-contact')).getByRole('link').getAttribute('href')).toBe('/en/contact');
    expect(within(screen.getByTestId('navbar-brand')).queryByRole('img')).toBeNull();
  });
});
