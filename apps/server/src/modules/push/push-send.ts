import type { PushPayload } from '@ustaz/contract';
import webpush from 'web-push';
import { deleteSubscriptionByEndpoint, type StoredSubscription, subscriptionsOf } from './push.repo.ts';
import type { PushDeps } from './push-context.ts';
import { pushEndpointAllowed } from './push-endpoints.ts';

/** How long a push service may take to answer. */
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a push for an offline device (seconds). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** Sends one push to one device; true when the push service took it. */
async function sendTo(deps: PushDeps, subscription: StoredSubscription, payload: PushPayload): Promise<boolean> {
  const { db, log } = deps;
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: deps.subject, publicKey: deps.vapid.publicKey, privateKey: deps.vapid.privateKey },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: payload.kind === 'lessonReminder' || payload.kind === 'message' ? 'high' : 'normal',
      },
    );
  } catch (error) {
    // Keys a browser would never give (not a P-256 point): the subscription is useless.
    log.warn({ err: error }, 'push: subscription keys refused, subscription deleted');
    await deleteSubscriptionByEndpoint(db, subscription.endpoint);
    return false;
  }
  // Checked again at send time: a PUSH_ENDPOINT_HOSTS entry removed since still stops here.
  if (!pushEndpointAllowed(request.endpoint, deps.extraHosts)) return false;
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  try {
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (response.status === 404 || response.status === 410) {
      await deleteSubscriptionByEndpoint(db, subscription.endpoint);
      return false;
    }
    if (!response.ok) {
      log.warn({ status: response.status, host: new URL(request.endpoint).host }, 'push: refused by the push service');
      return false;
    }
    return true;
  } catch (error) {
    log.warn({ err: error, host: new URL(request.endpoint).host }, 'push: push service unreachable');
    return false;
  }
}

/** Sends a push to every device of the user; answers how many took it. */
export async function sendToUser(
  deps: PushDeps,
  userId: number,
  payload: PushPayload,
  devices?: StoredSubscription[],
): Promise<number> {
  const targets = devices ?? (await subscriptionsOf(deps.db, [userId]));
  const results = await Promise.all(targets.map((device) => sendTo(deps, device, payload)));
  return results.filter(Boolean).length;
}
