import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language } from '@ustaz/contract';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/profile.json';
import en from '../../../public/locales/en/profile.json';
import { createTestI18n, jsonResponse } from '../../shared/test/test-i18n.ts';
import { base64UrlToBytes, PushSettingsSection } from './push-settings.tsx';

const ALL_ON = { message: true, booking: true, cancellation: true, lessonReminder: true, reviewRequest: true };

function mockApi() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ method, url: String(input), body });
      return jsonResponse(200, { devices: 0, settings: method === 'PUT' ? body : ALL_ON });
    }),
  );
  return calls;
}

async function renderSection(language: Language) {
  const { i18n } = await createTestI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <PushSettingsSection />
    </I18nextProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('notifications on this device', () => {
  it('shows a switch per kind in Arabic and saves a change', async () => {
    const calls = mockApi();
    await renderSection('ar');
    expect(screen.getByRole('heading', { name: ar.push.title })).toBeTruthy();
    const reminders = await screen.findByRole('checkbox', { name: ar.push.kinds.lessonReminder });
    expect((reminders as HTMLInputElement).checked).toBe(true);
    await userEvent.setup().click(screen.getByRole('checkbox', { name: ar.push.kinds.message }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([
        { method: 'PUT', url: '/api/v1/push/settings', body: { ...ALL_ON, message: false } },
      ]),
    );
    expect((screen.getByRole('checkbox', { name: ar.push.kinds.message }) as HTMLInputElement).checked).toBe(false);
  });

  it('says so in English when the browser has no Push API (no enable button)', async () => {
    mockApi();
    await renderSection('en');
    expect(await screen.findByText(en.push.unsupported)).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.push.enable })).toBeNull();
  });

  it('decodes the VAPID key from base64url', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });
});
