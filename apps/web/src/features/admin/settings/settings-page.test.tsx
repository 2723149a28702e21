import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminSettings } from '@ustaz/contract';
import type { Language } from '@ustaz/contract/constants';
import { STORAGE_KEYS } from '@ustaz/contract/constants';
import { afterEach, describe, expect, it } from 'vitest';
import ar from '../../../../public/locales/ar/admin.json';
import en from '../../../../public/locales/en/admin.json';
import { websiteSettingsQueryKey } from '../../../shared/settings/api.ts';
import { type ApiRoute, mockApi, ok } from '../../../shared/test/mock-api.ts';
import { refusal, renderAdminPage, setUpAdminTests } from '../ui/admin-test-utils.tsx';
import { AdminSettingsPage } from './settings-page.tsx';
import { adminSettings } from './settings-test-data.ts';

const GET = 'GET /api/v1/admin/settings';
const PUT = 'PUT /api/v1/admin/settings';

function renderPage(language: Language = 'en') {
  return renderAdminPage(<AdminSettingsPage />, { language, path: '/admin/settings' });
}

function settingsApi(
  first: AdminSettings,
  routes: (state: { current: AdminSettings }) => Record<string, ApiRoute> = () => ({}),
) {
  const state = { current: first };
  return mockApi({ [GET]: () => ok({ settings: state.current }), ...routes(state) });
}

setUpAdminTests();

afterEach(() => {
  window.localStorage.clear();
});

describe('AdminSettingsPage', () => {
  it('previews the typed colours, name and social links as the admin types', async () => {
    settingsApi(adminSettings());
    const { missing } = await renderPage();
    const preview = await screen.findByTestId('settings-preview');
    const button = within(preview).getByTestId('preview-primary-button');
    expect(button.style.backgroundColor).toBe('rgb(30, 64, 175)');
    const user = userEvent.setup();

    const primary = screen.getByLabelText(en.settings.fields.primaryColor);
    await user.clear(primary);
    await user.type(primary, '#ff');
    // An unfinished colour keeps the saved one in the preview.
    expect(button.style.backgroundColor).toBe('rgb(30, 64, 175)');
    await user.type(primary, '0000');
    expect(button.style.backgroundColor).toBe('rgb(255, 0, 0)');
    expect((screen.getByLabelText(en.settings.fields.primaryColorPicker) as HTMLInputElement).value).toBe('#ff0000');

    const name = screen.getByLabelText(/Site name/);
    await user.clear(name);
    await user.type(name, 'Ustaz Kuwait');
    expect(within(preview).getByTestId('preview-app-name').textContent).toBe('Ustaz Kuwait');

    // English pages (issue 30 item 15): the Arabic name until an English one is typed, then that.
    const english = within(preview).getByTestId('preview-english');
    expect(within(english).getByTestId('preview-app-name-en').textContent).toBe('Ustaz Kuwait');
    await user.type(screen.getByLabelText(en.settings.fields.appNameEn), 'Ustaz EN');
    await user.type(screen.getByLabelText(en.settings.fields.contactAddressEn), 'Sharq, Kuwait City');
    expect(within(english).getByTestId('preview-app-name-en').textContent).toBe('Ustaz EN');
    expect(within(english).getByTestId('preview-address-en').textContent).toBe('Sharq, Kuwait City');
    expect(within(preview).getByTestId('preview-app-name').textContent).toBe('Ustaz Kuwait');

    // Only the social links that are set show, as links.
    const socials = () =>
      within(preview)
        .queryAllByRole('link')
        .map((link) => link.getAttribute('data-social'));
    expect(socials()).toEqual(['twitter']);
    await user.type(screen.getByLabelText(en.settings.social.youtube), 'https://youtube.com/@ustaz');
    expect(socials()).toEqual(['twitter', 'youtube']);
    expect(within(preview).getByRole('link', { name: en.settings.social.youtube }).getAttribute('href')).toBe(
      'https://youtube.com/@ustaz',
    );

    await user.click(screen.getByLabelText(en.settings.fields.enableRegistration));
    expect(within(preview).queryByTestId('preview-register')).toBeNull();
    expect(within(preview).getByText(en.settings.preview.registrationClosed)).toBeTruthy();
    expect(screen.getByTestId('settings-version').textContent).toBe(en.settings.unsaved);
    expect(missing).toEqual([]);
  });

  it('saves with the version, sends the size in bytes, and refreshes the site settings', async () => {
    window.localStorage.setItem(STORAGE_KEYS.websiteSettings, '{"data":{},"timestamp":1}');
    const api = settingsApi(adminSettings(), (state) => ({
      [PUT]: (call) => {
        const { version, ...rest } = call.body as AdminSettings;
        state.current = { ...state.current, ...rest, version: version + 1, updatedAt: '2026-03-05T10:00:00.000Z' };
        return ok({ settings: state.current });
      },
    }));
    const { queryClient, missing } = await renderPage();
    queryClient.setQueryData(websiteSettingsQueryKey, { stale: true });
    const size = await screen.findByLabelText(en.settings.fields.maxUploadSize);
    expect((size as HTMLInputElement).value).toBe('5');
    const user = userEvent.setup();
    await user.clear(size);
    await user.type(size, '2.5');
    expect(screen.getByText('Between 0.1 and 20 MB. Saved as 2,621,440 bytes.')).toBeTruthy();
    await user.type(screen.getByLabelText(en.settings.fields.contactAddress), 'Kuwait City');
    await user.type(screen.getByLabelText(en.settings.fields.contactAddressEn), 'Sharq, Kuwait City');
    await user.clear(screen.getByLabelText(en.settings.fields.contactPhone));
    await user.click(screen.getByRole('button', { name: en.settings.save }));

    await waitFor(() => expect(api.callsTo(PUT)).toHaveLength(1));
    const body = api.callsTo(PUT)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      version: 3,
      maxUploadSize: 2_621_440,
      contactAddress: 'Kuwait City',
      contactAddressEn: 'Sharq, Kuwait City',
      appNameEn: null,
      contactPhone: null,
      logoUrl: null,
      twitterUrl: 'https://x.com/ustaz',
      primaryColor: '#1e40af',
      enableRegistration: true,
    });
    expect(Object.keys(body).sort()).toEqual(
      [...Object.keys(adminSettings()).filter((key) => key !== 'updatedAt')].sort(),
    );
    expect(await screen.findByText('Settings saved as version 4.')).toBeTruthy();
    expect(screen.getByText('Saved as version 4')).toBeTruthy();
    expect(screen.getByText(en.settings.cacheNotice)).toBeTruthy();
    expect(screen.getByTestId('settings-version').textContent).toContain('Version 4');
    expect(window.localStorage.getItem(STORAGE_KEYS.websiteSettings)).toBeNull();
    expect(queryClient.getQueryState(websiteSettingsQueryKey)?.isInvalidated).toBe(true);
    expect(missing).toEqual([]);
  });

  it('refuses invalid values before saving', async () => {
    const api = settingsApi(adminSettings());
    await renderPage();
    const user = userEvent.setup();
    const email = await screen.findByLabelText(en.settings.fields.contactEmail);
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.type(screen.getByLabelText(en.settings.fields.googleAnalyticsId), ' <script>');
    const size = screen.getByLabelText(en.settings.fields.maxUploadSize);
    await user.clear(size);
    await user.type(size, '25');
    await user.click(screen.getByRole('button', { name: en.settings.save }));
    expect(await screen.findByText(en.errors.invalidEmail)).toBeTruthy();
    expect(screen.getByText(en.errors.invalidTrackingId)).toBeTruthy();
    expect(screen.getByText('Choose a size between 100 KB and 20 MB.')).toBeTruthy();
    expect(api.callsTo(PUT)).toHaveLength(0);
  });

  it('shows a version conflict with a reload that loads the newer settings (Arabic)', async () => {
    const api = settingsApi(adminSettings({ version: 3 }), (state) => ({
      [PUT]: () => {
        state.current = adminSettings({ version: 5, appName: 'أستاذ' });
        return refusal(409, { message: 'Version conflict', code: 'versionConflict' });
      },
    }));
    const { missing } = await renderPage('ar');
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/اسم الموقع/);
    await user.clear(name);
    await user.type(name, 'منصتي');
    await user.click(screen.getByRole('button', { name: ar.settings.save }));

    expect(await screen.findByText(ar.settings.conflict.title)).toBeTruthy();
    expect(screen.getAllByText(ar.errors.versionConflict).length).toBeGreaterThan(0);
    expect(api.callsTo(PUT)[0]?.body).toMatchObject({ version: 3, appName: 'منصتي' });

    await user.click(screen.getByRole('button', { name: ar.settings.conflict.reload }));
    await waitFor(() => expect(api.callsTo(GET)).toHaveLength(2));
    await waitFor(() => expect((screen.getByLabelText(/اسم الموقع/) as HTMLInputElement).value).toBe('أستاذ'));
    expect(screen.queryByText(ar.settings.conflict.title)).toBeNull();
    expect(screen.getByTestId('settings-version').textContent).toContain('الإصدار ٥');
    expect(missing).toEqual([]);
  });
});
