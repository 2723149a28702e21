import { createHmac, timingSafeEqual } from 'node:crypto';

/** A join link's ticket: who, until when, signed (HMAC-SHA256 under `linkKey`). */
const sign = (linkKey: string, reservationId: number, userId: number, until: number) =>
  createHmac('sha256', linkKey).update(`lesson-link.${reservationId}.${userId}.${until}`).digest('base64url');

export function ticketFor(linkKey: string, reservationId: number, userId: number, until: Date): string {
  return `${userId}.${until.getTime()}.${sign(linkKey, reservationId, userId, until.getTime())}`;
}

/** The user id a ticket was made for, when it is genuine and unexpired; else null. */
export function ticketUser(linkKey: string, reservationId: number, ticket: string, now: Date): number | null {
  const [user, until, signature] = ticket.split('.');
  const userId = Number(user);
  const expires = Number(until);
  if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(expires) || !signature) return null;
  const expected = Buffer.from(sign(linkKey, reservationId, userId, expires));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return now.getTime() <= expires ? userId : null;
}
