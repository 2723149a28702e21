import { PUSH_KINDS, type PushKind, type PushSettings } from '@ustaz/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorText } from '../../shared/lib/error-text.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { BellRing } from '../../shared/ui/icons.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import {
  deletePushSubscription,
  getPushKey,
  getPushSettings,
  postPushSubscription,
  putPushSettings,
} from './api/push.ts';
import { ERROR_TEXTS } from './profile-error-texts.ts';

/** Whether this browser can take Web Push (a service worker, the Push API, notifications). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** The VAPID key as pushManager.subscribe takes it. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (!existing) await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * Subscribes this browser and registers it for the signed-in user. The browser keeps one
 * subscription, so one another account registered here before is refused (409 `endpointTaken`):
 * it is dropped and a fresh one (a new endpoint, this account's) registered once.
 */
async function subscribeDevice(registration: ServiceWorkerRegistration, publicKey: string): Promise<void> {
  const options = { userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) };
  const subscription = await registration.pushManager.subscribe(options);
  try {
    await postPushSubscription(subscription.toJSON());
  } catch (error) {
    if (errorCode(error) !== 'endpointTaken') throw error;
    await subscription.unsubscribe();
    await postPushSubscription((await registration.pushManager.subscribe(options)).toJSON());
  }
}

/** Each kind's label key (literal keys, for the typed-keys rule). */
const KIND_LABELS = {
  message: 'push.kinds.message',
  booking: 'push.kinds.booking',
  cancellation: 'push.kinds.cancellation',
  lessonReminder: 'push.kinds.lessonReminder',
  reviewRequest: 'push.kinds.reviewRequest',
} as const satisfies Record<PushKind, string>;

/**
 * Notifications on this device (issue 19): a button that asks the browser's permission and
 * subscribes this device to Web Push (or turns it off again), and a switch per kind of news.
 */
export function PushSettingsSection() {
  const { t } = useTranslation('profile');
  const headingId = useId();
  const supported = pushSupported();
  const [deviceOn, setDeviceOn] = useState<boolean | null>(null);
  const [settings, setSettings] = useState<PushSettings | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    getPushSettings().then(
      (answer) => live && setSettings(answer.settings),
      () => live && setProblem(t('push.loadFailed')),
    );
    if (supported)
      currentSubscription().then(
        (subscription) => live && setDeviceOn(subscription !== null),
        () => live && setDeviceOn(false),
      );
    return () => {
      live = false;
    };
  }, [supported, t]);

  async function enable() {
    setProblem(null);
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setProblem(t('push.denied'));
        return;
      }
      const [{ publicKey }, registration] = await Promise.all([getPushKey(), workerRegistration()]);
      await subscribeDevice(registration, publicKey);
      setDeviceOn(true);
      void notify.success(t('push.enabled'));
    } catch (error) {
      setProblem(errorText(error, t, ERROR_TEXTS.pushDevice));
    } finally {
      setBusy(false);
    }
  }

  async function disable() {
    setProblem(null);
    setBusy(true);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await deletePushSubscription(subscription.endpoint).catch(() => {});
        await subscription.unsubscribe();
      }
      setDeviceOn(false);
    } catch {
      setProblem(t('push.failed'));
    } finally {
      setBusy(false);
    }
  }

  function toggle(kind: PushKind, on: boolean) {
    if (!settings) return;
    const before = settings;
    const next = { ...settings, [kind]: on };
    setSettings(next);
    putPushSettings(next).then(
      (answer) => setSettings(answer.settings),
      () => {
        setSettings(before);
        setProblem(t('push.saveFailed'));
      },
    );
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <BellRing aria-hidden="true" className="size-5 text-primary" />
        {t('push.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('push.hint')}</p>
      {problem ? (
        <div className="mt-4">
          <Alert>{problem}</Alert>
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-semibold text-slate-800" data-testid="push-device-state">
          {!supported ? t('push.unsupported') : deviceOn ? t('push.deviceOn') : t('push.deviceOff')}
        </p>
        {supported && deviceOn !== null ? (
          deviceOn ? (
            <Button variant="secondary" disabled={busy} onClick={() => void disable()}>
              {t('push.disable')}
            </Button>
          ) : (
            <Button disabled={busy} onClick={() => void enable()}>
              {busy ? t('push.enabling') : t('push.enable')}
            </Button>
          )
        ) : null}
      </div>
      {settings ? (
        <fieldset className="mt-5">
          <legend className="text-sm font-semibold text-slate-800">{t('push.kindsLegend')}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {PUSH_KINDS.map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={settings[kind]}
                  onChange={(event) => toggle(kind, event.target.checked)}
                />
                {t(KIND_LABELS[kind])}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </section>
  );
}
