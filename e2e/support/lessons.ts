import type { BalanceResponse, BookingResponse, Reservation, ReservationsResponse, TimeSlot } from '@ustaz/contract';
import type { Page } from 'playwright-core';
import { topUpWithSandbox } from './wallet.ts';

/**
 * API helpers of the lesson room specs (issue 16), on a spec's own server (support/own-server.ts):
 * the demo accounts sign in, the demo student books one of the demo teacher's open slots with the
 * wallet, and both read their money.
 */

export const DEMO_PASSWORD = 'Ustaz2026!';
export const DEMO_STUDENT = 'student@ustaz.example';
export const DEMO_TEACHER = 'teacher@ustaz.example';

export type TokenPair = { token: string; refreshToken: string };

export async function api<T>(base: string, path: string, token?: string | null, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export function logInApi(base: string, email: string): Promise<TokenPair> {
  return api<TokenPair>(base, '/api/v1/auth/email/login', null, {
    method: 'POST',
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
}

/**
 * Signs a page's context in with a token pair, kept where the app keeps it ("remember me": local
 * storage), before any page of the app loads (as booking-split.spec does).
 */
export async function signInContext(page: Page, pair: TokenPair): Promise<void> {
  await page.context().addInitScript((stored) => {
    if (!localStorage.getItem('authToken')) {
      localStorage.setItem('authToken', stored.token);
      localStorage.setItem('refreshToken', stored.refreshToken);
    }
  }, pair);
}

/** The wallet in fils and the subscription hours left. */
export async function moneyOf(base: string, token: string): Promise<{ walletFils: number; hours: number }> {
  const body = await api<BalanceResponse>(base, '/api/v1/subscriptions/balance', token);
  return { walletFils: fils(body.balance), hours: body.remainingHours };
}

/** The teacher's earnings figures in fils (`available`: what may be paid out). */
export async function earningsOf(base: string, token: string): Promise<{ availableFils: number; pendingFils: number }> {
  const body = await api<{ available: string; pending: string }>(base, '/api/v1/earnings', token);
  return { availableFils: fils(body.available), pendingFils: fils(body.pending) };
}

export const fils = (kwd: string | number) => Math.round(Number(kwd) * 1000);

/** The signed-in teacher's profile id (the teacher page's and the slots API's id). */
export async function teacherProfileIdOf(base: string, teacherToken: string): Promise<number> {
  return (await api<{ id: number }>(base, '/api/teachers/profiles/me', teacherToken)).id;
}

/**
 * The student books the teacher's first open slot starting at or after `notBefore` with the
 * balance (the wallet, topped up through the sandbox gateway first when it would not cover the
 * price). Answers the reservation, the booking's answer (its breakdown: what it took from the
 * wallet and the hours) and the wallet and hours just before it.
 */
export async function bookFirstSlot(
  base: string,
  studentToken: string,
  teacherProfileId: number,
  notBefore: Date,
): Promise<{
  reservation: Reservation;
  booking: BookingResponse;
  slot: TimeSlot;
  /** The wallet and hours just before the booking (after any top-up). */
  moneyBefore: { walletFils: number; hours: number };
}> {
  const slots = await api<TimeSlot[]>(base, `/api/teachers/teachers/${teacherProfileId}/available-time-slots`);
  const slot = slots.find((s) => s.status === 'open' && Date.parse(s.startTime) >= notBefore.getTime());
  if (!slot) throw new Error(`no open slot of teacher ${teacherProfileId} from ${notBefore.toISOString()}`);
  const { walletFils } = await moneyOf(base, studentToken);
  if (walletFils < fils(slot.price)) await topUpWithSandbox(studentToken, Math.ceil(Number(slot.price)), base);
  const moneyBefore = await moneyOf(base, studentToken);
  const booking = await api<BookingResponse>(base, '/api/v1/booking/single', studentToken, {
    method: 'POST',
    body: JSON.stringify({ timeSlotId: slot.id, paymentMethod: 'balance', expectedTotal: slot.price }),
  });
  const reservation = booking.reservations[0];
  if (reservation?.status !== 'confirmed') {
    throw new Error(`the booking is not confirmed: ${JSON.stringify(booking)}`);
  }
  return { reservation, booking, slot, moneyBefore };
}

/** One of the signed-in user's reservations by id, from the list of `scope`. */
export async function reservationIn(
  base: string,
  token: string,
  scope: 'upcoming' | 'past' | 'cancelled',
  id: number,
): Promise<Reservation | undefined> {
  const list = await api<ReservationsResponse>(base, `/api/v1/reservations?scope=${scope}&limit=50`, token);
  return list.data.find((r) => r.id === id);
}
