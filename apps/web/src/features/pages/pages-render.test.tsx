import { screen, within } from '@testing-library/react';
import { FALLBACK_WEBSITE_SETTINGS, type Language, type WebsiteSettings } from '@ustaz/contract';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import arPages from '../../../public/locales/ar/pages.json';
import enPages from '../../../public/locales/en/pages.json';
import { resetSettingsMemory } from '../../shared/settings/api.ts';
import { itInEachLanguage } from '../../shared/test/each-language.ts';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { AboutPage } from './about-page.tsx';
import { AboutPlatformPage } from './about-platform-page.tsx';
import { ContactPage } from './contact-page.tsx';
import { PrivacyPage } from './privacy-page.tsx';
import { TermsPage } from './terms-page.tsx';

const SETTINGS: WebsiteSettings = {
  ...FALLBACK_WEBSITE_SETTINGS,
  id: 1,
  contactEmail: 'support@ustaz.example',
  contactPhone: '+965 2227 0000',
  contactAddress: 'Kuwait City, Sharq',
};

/** The keys each render of the test asked for but the locale files lack. */
let missingLists: string[][] = [];
const missing = () => missingLists.flat();

function mockSettingsResponse(settings: WebsiteSettings | null) {
  const fetchMock = vi.fn(async () =>
    settings
      ? new Response(JSON.stringify(settings), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ message: 'down' }), { status: 503 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function renderPage(page: ReactElement, language: Language, path: string) {
  const view = await renderRoute(page, { language, path: `/${path}` });
  missingLists.push(view.missing);
  return view;
}

beforeEach(() => {
  missingLists = [];
  resetSettingsMemory();
});

describe('PrivacyPage', () => {
  it.each([
    ['ar', 'سياسة الخصوصية'],
    ['en', 'Privacy policy'],
  ] as const)(
    '%s: one h1, the update date and a table of contents linking to every section',
    async (language, title) => {
      await renderPage(<PrivacyPage />, language, 'privacy');
      const headings = screen.getAllByRole('heading', { level: 1 });
      expect(headings).toHaveLength(1);
      expect(headings[0]?.textContent).toBe(title);
      const pages = language === 'ar' ? arPages : enPages;
      expect(screen.getByText(pages.privacy.updated)).toBeTruthy();

      const toc = screen.getByRole('navigation', { name: pages.shared.toc });
      const links = within(toc).getAllByRole('link');
      expect(links).toHaveLength(pages.privacy.sections.length);
      for (const [index, link] of links.entries()) {
        const section = pages.privacy.sections[index];
        expect(link.getAttribute('href')).toBe(`#${section?.id}`);
        expect(link.textContent).toBe(section?.heading);
        expect(document.getElementById(section?.id ?? '')?.tagName).toBe('SECTION');
      }
      expect(screen.getByRole('link', { name: pages.shared.links.terms }).getAttribute('href')).toBe(
        `/${language}/terms`,
      );
      expect(missing()).toEqual([]);
    },
  );
});

describe('TermsPage', () => {
  it.each([
    ['ar', 'الشروط والأحكام'],
    ['en', 'Terms and conditions'],
  ] as const)('%s: renders the title and all sections', async (language, title) => {
    await renderPage(<TermsPage />, language, 'terms');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    const pages = language === 'ar' ? arPages : enPages;
    // The sections, plus the table of contents and the related pages.
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(pages.terms.sections.length + 2);
    expect(document.getElementById('cancellation')).not.toBeNull();
    expect(missing()).toEqual([]);
  });
});

describe('AboutPage and AboutPlatformPage', () => {
  itInEachLanguage(
    'one h1 each, language-prefixed links, no missing keys',
    { ar: arPages, en: enPages },
    async (language, pages) => {
      const about = await renderPage(<AboutPage />, language, 'about');
      expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([pages.about.title]);
      expect(screen.getByRole('link', { name: pages.about.cta.primary }).getAttribute('href')).toBe(
        `/${language}/teachers`,
      );
      about.unmount();

      await renderPage(<AboutPlatformPage />, language, 'about-platform');
      expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
        pages.aboutPlatform.title,
      ]);
      expect(screen.getByRole('link', { name: pages.aboutPlatform.cta.primary }).getAttribute('href')).toBe(
        `/${language}/register`,
      );
      expect(screen.getByText(pages.aboutPlatform.payments.methods[2]?.title ?? '')).toBeTruthy();
      expect(missing()).toEqual([]);
    },
  );
});

describe('ContactPage', () => {
  it.each([
    ['ar', 'تواصل معنا', 'جارٍ التحميل...'],
    ['en', 'Contact us', 'Loading...'],
  ] as const)('%s: shows loading, then the contact details from the settings', async (language, title, loading) => {
    const fetchMock = mockSettingsResponse(SETTINGS);
    await renderPage(<ContactPage />, language, 'contact');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.getByRole('status').textContent).toBe(loading);

    const emailLink = await screen.findByRole('link', { name: 'support@ustaz.example' });
    expect(emailLink.getAttribute('href')).toBe('mailto:support@ustaz.example');
    expect(screen.getByRole('link', { name: '+965 2227 0000' }).getAttribute('href')).toBe('tel:+96522270000');
    expect(screen.getByText('Kuwait City, Sharq')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/settings/website', expect.anything());

    const pages = language === 'ar' ? arPages : enPages;
    expect(screen.getByText(pages.contact.details.hoursValue)).toBeTruthy();
    expect(screen.getByText(pages.contact.whatsapp.body)).toBeTruthy();
    // The e-mail form says it only opens the mail app, addressed to the settings e-mail.
    expect(screen.getByText(pages.contact.mailForm.note.replace('{{email}}', 'support@ustaz.example'))).toBeTruthy();
    expect(screen.getByRole('button', { name: pages.contact.mailForm.submit })).toBeTruthy();
    expect(screen.getByRole('link', { name: pages.shared.links.privacy }).getAttribute('href')).toBe(
      `/${language}/privacy`,
    );
    expect(missing()).toEqual([]);
  });

  it.each([
    ['en', 'Sharq, Kuwait City'],
    ['ar', 'Kuwait City, Sharq'],
  ] as const)('%s: shows the address of the page language (issue 30 item 15)', async (language, shown) => {
    mockSettingsResponse({ ...SETTINGS, contactAddressEn: 'Sharq, Kuwait City' });
    await renderPage(<ContactPage />, language, 'contact');
    expect(await screen.findByText(shown)).toBeTruthy();
  });

  it('hides empty rows and the e-mail form when the settings hold no e-mail', async () => {
    mockSettingsResponse({ ...SETTINGS, contactEmail: null, contactAddress: '  ' });
    await renderPage(<ContactPage />, 'en', 'contact');
    expect(await screen.findByRole('link', { name: '+965 2227 0000' })).toBeTruthy();
    expect(screen.queryByText(enPages.contact.details.email)).toBeNull();
    expect(screen.queryByText(enPages.contact.details.address)).toBeNull();
    expect(screen.queryByRole('button', { name: enPages.contact.mailForm.submit })).toBeNull();
  });

  it('says the details are unavailable when every contact field is empty', async () => {
    mockSettingsResponse(FALLBACK_WEBSITE_SETTINGS);
    await renderPage(<ContactPage />, 'ar', 'contact');
    expect(await screen.findByText(arPages.contact.details.empty)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
  });

  it('shows an error note when the settings cannot be loaded', async () => {
    mockSettingsResponse(null);
    await renderPage(<ContactPage />, 'en', 'contact');
    expect(await screen.findByText(enPages.contact.details.error)).toBeTruthy();
    expect(screen.getByText(enPages.contact.details.hoursValue)).toBeTruthy();
  });
});
