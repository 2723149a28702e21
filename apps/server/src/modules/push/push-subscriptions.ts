import { PUSH_KINDS, type PushSettings, type PushSubscriptionInput } from '@ustaz/contract';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { toPushSettings } from './push.presenter.ts';
import {
  countSubscriptions,
  deleteUserSubscription,
  disabledKindsOf,
  setDisabledKinds,
  upsertSubscription,
} from './push.repo.ts';
import type { PushDeps } from './push-context.ts';
import { pushEndpointAllowed } from './push-endpoints.ts';

/** A user's devices and push switches. */

/** Saves the browser's subscription for the user (again: keys refreshed); 422 off the allow-list, 409 another user's. */
export async function subscribe(deps: PushDeps, userId: number, input: PushSubscriptionInput): Promise<void> {
  if (!pushEndpointAllowed(input.endpoint, deps.extraHosts)) throw new FieldValidationError({ endpoint: 'invalid' });
  const saved = await upsertSubscription(deps.db, userId, {
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
  });
  if (!saved) throw new HttpError(409, 'endpointTaken', 'This push endpoint is registered to another account');
}

/** Forgets the user's subscription with this endpoint; 404 when they have none such. */
export async function unsubscribe(deps: PushDeps, userId: number, endpoint: string): Promise<void> {
  if ((await deleteUserSubscription(deps.db, userId, endpoint)) === 0)
    throw new HttpError(404, 'notFound', 'Subscription not found');
}

export async function settings(deps: PushDeps, userId: number) {
  const [disabled, devices] = await Promise.all([
    disabledKindsOf(deps.db, [userId]),
    countSubscriptions(deps.db, userId),
  ]);
  return { settings: toPushSettings(disabled.get(userId) ?? []), devices };
}

export async function updateSettings(deps: PushDeps, userId: number, next: PushSettings) {
  await setDisabledKinds(
    deps.db,
    userId,
    PUSH_KINDS.filter((kind) => !next[kind]),
  );
  return settings(deps, userId);
}
