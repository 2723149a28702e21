import {
  claimDelivery,
  disabledKindsOf,
  readersOf,
  recordDelivery,
  subscriptionsOf,
  unhandledNotifications,
} from './push.repo.ts';
import type { PushDeps } from './push-context.ts';
import { sendToUser } from './push-send.ts';
import { notificationPush, PUSHED_NOTIFICATION_KINDS } from './push-texts.ts';

/** How far back the dispatcher looks for notifications not yet handled. */
const DISPATCH_LOOK_BACK_SECONDS = 600;

/**
 * Pushes the stored notifications of the pushed kinds (new message, booking, cancellation,
 * review request) that no process handled yet: each is claimed first, then pushed to the
 * user's devices when the user has no open socket and has that kind switched on. Answers how
 * many notifications reached at least one device.
 */
export async function dispatchNotifications(deps: PushDeps): Promise<number> {
  const { db } = deps;
  const rows = await unhandledNotifications(db, Object.keys(PUSHED_NOTIFICATION_KINDS), DISPATCH_LOOK_BACK_SECONDS);
  if (rows.length === 0) return 0;
  const claimed = [];
  for (const row of rows) if (await claimDelivery(db, row.id)) claimed.push(row);
  if (claimed.length === 0) return 0;
  const userIds = [...new Set(claimed.map((row) => row.userId))];
  const devices = await subscriptionsOf(db, userIds);
  const withDevices = userIds.filter((id) => devices.some((device) => device.userId === id));
  if (withDevices.length === 0) return 0;
  const [online, disabled, readers] = await Promise.all([
    deps.onlineAmong(withDevices),
    disabledKindsOf(db, withDevices),
    readersOf(db, withDevices),
  ]);
  let pushed = 0;
  for (const row of claimed) {
    const reader = readers.get(row.userId);
    const payload = reader ? notificationPush(row, reader) : null;
    if (!payload || online.has(row.userId) || disabled.get(row.userId)?.includes(payload.kind)) continue;
    const mine = devices.filter((device) => device.userId === row.userId);
    if (mine.length === 0) continue;
    const took = await sendToUser(deps, row.userId, payload, mine);
    await recordDelivery(db, row.id, took);
    if (took > 0) pushed += 1;
  }
  return pushed;
}
