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
const loadSonner = () => import('sonner');

/**
 * Where toasts show: the page's toaster, or the toaster of the topmost open modal <dialog>. Only
 * that one is mounted, so a toast is on screen, and read out, once (issue 17: the booking toast
 * showed twice, in the booking dialog and on the page under it). A toaster that takes over is
 * handed the toasts still showing (sonner replays them to a new toaster), so a toast shown in a
 * dialog stays on the page when the dialog closes.
 */
type ToasterLayer = { mounted: Promise<void>; markMounted: () => void };
function newLayer(): ToasterLayer {
  let markMounted: () => void = () => {};
  const mounted = new Promise<void>((resolve) => {
    markMounted = resolve;
  });
  return { mounted, markMounted };
}
const pageLayer = newLayer();
let dialogLayers: readonly ToasterLayer[] = [];
const topLayer = () => dialogLayers.at(-1) ?? pageLayer;
function setDialogLayers(next: readonly ToasterLayer[]) {
  dialogLayers = next;
  for (const listener of listeners) listener();
}

const LazySonnerToaster = lazy(() => import('./sonner-toaster.tsx').then((m) => ({ default: m.SonnerToaster })));

/** The one toaster of the app (spec 2, "Notices"): top right, 4 s, follows the page direction. */
export function AppToaster() {
  const show = useSyncExternalStore(
    subscribe,
    () => requested && topLayer() === pageLayer,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <LazySonnerToaster onMounted={pageLayer.markMounted} />
    </Suspense>
  );
}

/**
 * The toaster inside a modal <dialog> (the Modal renders it). showModal() puts the dialog in the
 * browser's top layer and makes the rest of the page inert, so the page's toaster would sit dimmed
 * under the backdrop: while the dialog is open (and topmost), toasts show here instead.
 */
export function DialogToaster() {
  const [layer] = useState(newLayer);
  const show = useSyncExternalStore(
    subscribe,
    () => requested && topLayer() === layer,
    () => false,
  );
  useLayoutEffect(() => {
    setDialogLayers([...dialogLayers, layer]);
    return () => {
      setDialogLayers(dialogLayers.filter((open) => open !== layer));
      // A toast waiting for this toaster goes to the next one (which replays it when it mounts).
      layer.markMounted();
    };
  }, [layer]);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <LazySonnerToaster onMounted={layer.markMounted} />
    </Suspense>
  );
}

async function withToast(show: (toast: Awaited<ReturnType<typeof loadSonner>>['toast']) => void) {
  requestToaster();
  const [{ toast }] = await Promise.all([loadSonner(), topLayer().mounted]);
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
