import { ERROR_TOAST_MAX_LENGTH, TIMINGS } from '@ustaz/contract/constants';
import { lazy, Suspense, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';
import { truncate } from '../lib/error-readers.ts';

export type NotifyOptions = ExternalToast;

// sonner is loaded with the first toast, not with the page. Toasts asked for before the toaster
// is mounted wait for it, so none is lost.
let requested = false;
const listeners = new Set<() => void>();
function requestToaster() {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
let markMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
const loadSonner = () => import('sonner');

const LazySonnerToaster = lazy(() => import('./sonner-toaster.tsx').then((m) => ({ default: m.SonnerToaster })));
const onMounted = () => markMounted();

/** The one toaster of the app (spec 2, "Notices"): top right, 4 s, follows the page direction. */
export function AppToaster() {
  const show = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <LazySonnerToaster onMounted={onMounted} />
    </Suspense>
  );
}

// Toasters inside open modal dialogs that are still loading: a toast waits for them too.
const dialogToastersLoading = new Set<Promise<void>>();

/**
 * A second toaster inside a modal <dialog> (the Modal renders it). showModal() puts the dialog in
 * the browser's top layer and makes the rest of the page inert, so the page's toaster would sit
 * dimmed under the backdrop. Every toaster shows every toast: the one in the dialog covers the
 * dimmed one, and a toast shown in a dialog stays on the page when the dialog closes.
 */
export function DialogToaster() {
  const show = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  const [ready] = useState(() => {
    let resolve: () => void = () => {};
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    return { promise, resolve };
  });
  useLayoutEffect(() => {
    if (!show) return;
    dialogToastersLoading.add(ready.promise);
    void ready.promise.then(() => dialogToastersLoading.delete(ready.promise));
    return () => {
      dialogToastersLoading.delete(ready.promise);
      ready.resolve();
    };
  }, [show, ready]);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <LazySonnerToaster onMounted={ready.resolve} inDialog />
    </Suspense>
  );
}

async function withToast(show: (toast: Awaited<ReturnType<typeof loadSonner>>['toast']) => void) {
  requestToaster();
  const [{ toast }] = await Promise.all([loadSonner(), toasterMounted, ...dialogToastersLoading]);
  show(toast);
}

/**
 * The one toast function of the app. Success toasts last 3 s; error text is cut to 100 characters
 * (spec 9). Messages are already translated: `notify.error(t('errors.network'))`.
 */
export const notify = {
  success(message: string, options?: NotifyOptions) {
    return withToast((toast) => toast.success(message, { duration: TIMINGS.toastSuccessMs, ...options }));
  },
  error(message: string, options?: NotifyOptions) {
    return withToast((toast) => toast.error(truncate(message, ERROR_TOAST_MAX_LENGTH), options));
  },
  info(message: string, options?: NotifyOptions) {
    return withToast((toast) => toast.info(message, options));
  },
  warning(message: string, options?: NotifyOptions) {
    return withToast((toast) => toast.warning(message, options));
  },
  dismiss(id?: string | number) {
    return withToast((toast) => toast.dismiss(id));
  },
};
