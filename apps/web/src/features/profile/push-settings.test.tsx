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

/** A VAPID public key as the server gives it (65 bytes, base64url). */
const VAPID_KEY = `B${'A'.repeat(86)}`;

/** The API; `takenEndpoints`: endpoints another account registered, refused with 409 endpointTaken. */
function mockApi(takenEndpoints: string[] = []) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      const url = String(input);
      calls.push({ method, url, body });
      if (url === '/api/v1/push/key') return jsonResponse(200, { publicKey: VAPID_KEY });
      if (url === '/api/v1/push/subscriptions' && takenEndpoints.includes(body?.endpoint)) {
        return jsonResponse(409, { status: 409, code: 'endpointTaken', message: 'Registered to another account' });
      }
      if (url === '/api/v1/push/subscriptions') return jsonResponse(200, { success: true });
      return jsonResponse(200, { devices: 0, settings: method === 'PUT' ? body : ALL_ON });
    }),
  );
  return calls;
}

/**
 * A browser with the Push API (jsdom has none): a registered worker whose pushManager subscribes
 * (answering the subscription it holds, else a new one: device-1, device-2...) and answers the
 * subscription's JSON, and the permission prompt's answer.
 */
function fakePushBrowser(permission: NotificationPermission) {
  let made = 0;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const newSubscription = () => {
    made += 1;
    const endpoint = `https://fcm.googleapis.com/fcm/send/device-${made}`;
    return {
      endpoint,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'BPk', auth: 'c2VjcmV0' } }),
      unsubscribe,
    };
  };
  let current: ReturnType<typeof newSubscription> | null = null;
  const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => {
    current ??= newSubscription();
    return current;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => current } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, register: vi.fn(), ready: Promise.resolve(registration) },
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => permission) });
  return { subscribe, unsubscribe };
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
  Reflect.deleteProperty(navigator, 'serviceWorker');
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

  it('enabling asks permission, subscribes with the VAPID key and sends the subscription', async () => {
    const calls = mockApi();
    const browser = fakePushBrowser('granted');
    await renderSection('en');
    expect(await screen.findByText(en.push.deviceOff)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: en.push.enable }));
    expect(await screen.findByText(en.push.deviceOn)).toBeTruthy();
    const options = browser.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    const key = options?.applicationServerKey as Uint8Array | undefined;
    expect(key ? [...key] : []).toHaveLength(65);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/v1/push/subscriptions',
        body: {
          endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
          expirationTime: null,
          keys: { p256dh: 'BPk', auth: 'c2VjcmV0' },
        },
      },
    ]);
    expect(screen.getByRole('button', { name: en.push.disable })).toBeTruthy();
  });

  it('a refused permission is explained in Arabic and nothing is subscribed', async () => {
    const calls = mockApi();
    const browser = fakePushBrowser('denied');
    await renderSection('ar');
    await userEvent.setup().click(await screen.findByRole('button', { name: ar.push.enable }));
    expect(await screen.findByText(ar.push.denied)).toBeTruthy();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("replaces the browser's subscription another account registered (409 endpointTaken) with a fresh one", async () => {
    const calls = mockApi(['https://fcm.googleapis.com/fcm/send/device-1']);
    const browser = fakePushBrowser('granted');
    await renderSection('en');
    await userEvent.setup().click(await screen.findByRole('button', { name: en.push.enable }));
    expect(await screen.findByText(en.push.deviceOn)).toBeTruthy();
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    expect(
      calls.filter((call) => call.method === 'POST').map((call) => (call.body as { endpoint: string }).endpoint),
    ).toEqual(['https://fcm.googleapis.com/fcm/send/device-1', 'https://fcm.googleapis.com/fcm/send/device-2']);
  });

  it.each([
    ['ar', ar.push.errors.endpointTaken],
    ['en', en.push.errors.endpointTaken],
  ] as const)(
    '%s: says the notifications belong to another account when the fresh one is refused too',
    async (language, text) => {
      mockApi(['https://fcm.googleapis.com/fcm/send/device-1', 'https://fcm.googleapis.com/fcm/send/device-2']);
      fakePushBrowser('granted');
      await renderSection(language);
      await userEvent
        .setup()
        .click(await screen.findByRole('button', { name: language === 'ar' ? ar.push.enable : en.push.enable }));
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.queryByText(language === 'ar' ? ar.push.deviceOn : en.push.deviceOn)).toBeNull();
    },
  );

  it('decodes the VAPID key from base64url', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });
});
