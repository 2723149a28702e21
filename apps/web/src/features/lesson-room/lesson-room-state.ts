import type { LessonRoom } from '@ustaz/contract';

/** What the room shows: the `data-state` of `data-testid="lesson-state"`. */
export type RoomState = 'loading' | 'not-found' | 'before' | 'open' | 'in-call' | 'after';

/** The room by the server's clock: before it opens, open, or over (ended, completed or cancelled). */
export type RoomPhase = 'before' | 'open' | 'after';

/** The server's time now, from the browser's clock and the skew measured with the room's `now`. */
export function serverNow(browserNowMs: number, skewMs: number): number {
  return browserNowMs + skewMs;
}

/** Only a confirmed lesson's room opens, from `opensAt` to `closesAt` by the server's clock. */
export function roomPhase(room: Pick<LessonRoom, 'status' | 'opensAt' | 'closesAt'>, serverNowMs: number): RoomPhase {
  if (room.status !== 'confirmed') return 'after';
  if (serverNowMs < Date.parse(room.opensAt)) return 'before';
  if (serverNowMs > Date.parse(room.closesAt)) return 'after';
  return 'open';
}

/** What the page shows for the query and the phase; `joined` once the user pressed Join. */
export function roomState(
  query: { pending: boolean; notFound: boolean },
  phase: RoomPhase | null,
  joined: boolean,
): RoomState {
  if (query.notFound) return 'not-found';
  if (query.pending || phase === null) return 'loading';
  if (phase === 'open') return joined ? 'in-call' : 'open';
  return phase;
}

export type Countdown = { days: number; hours: number; minutes: number; seconds: number };

/** The time left until `targetMs`, in whole units (never negative). */
export function countdown(targetMs: number, nowMs: number): Countdown {
  const total = Math.max(0, Math.ceil((targetMs - nowMs) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** How the room page reads its reservation id: a positive 32-bit integer, else none. */
export function parseReservationId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
