import type { ReservationScope } from '@ustaz/contract';

/** The tabs of the reservations page, in order; the first is the default (contract RESERVATION_SCOPES). */
export const RESERVATION_TABS = ['upcoming', 'past', 'cancelled'] as const satisfies readonly ReservationScope[];

function isScope(value: string | null): value is ReservationScope {
  return (RESERVATION_TABS as readonly string[]).includes(value ?? '');
}

/** `?scope=` and `?page=` of the address; anything unknown falls back to the upcoming tab and page 1. */
export function readReservationsParams(params: URLSearchParams): { scope: ReservationScope; page: number } {
  const scope = params.get('scope');
  const pageText = params.get('page') ?? '';
  const page = /^\d{1,4}$/.test(pageText) ? Number(pageText) : 1;
  return { scope: isScope(scope) ? scope : 'upcoming', page: Math.max(1, page) };
}

/** The address of a tab and page (`?scope=past&page=2`); page 1 is left out. */
export function reservationsSearch(scope: ReservationScope, page = 1): URLSearchParams {
  const next = new URLSearchParams({ scope });
  if (page > 1) next.set('page', String(page));
  return next;
}
