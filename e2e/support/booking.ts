import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser.ts';

/** Booking through the teacher page, for the booking specs: the API, slots the teacher opens, the review. */

export const DEMO_PASSWORD = 'Ustaz2026!';
export const ZONE = 'Asia/Kuwait';
export const HOUR_MS = 3_600_000;

export type Slot = { id: number; startTime: string; endTime: string; price: string; status: string };

export async function api<T>(path: string, token?: string | null, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
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

export async function logInApi(email: string, password = DEMO_PASSWORD): Promise<string> {
  const body = await api<{ token: string }>('/api/v1/auth/email/login', null, {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  return body.token;
}

/** A KWD amount as the app shows it (its `formatKwd`: the currency with KWD's 3 decimals). */
export function kwd(amount: number, lang: 'en' | 'ar' = 'en'): string {
  return new Intl.NumberFormat(lang === 'ar' ? 'ar-KW' : 'en-KW', {
    style: 'currency',
    currency: 'KWD',
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  }).format(amount);
}

/** The calendar day a slot starts on in Kuwait (the slot picker's `data-day`). */
export function kuwaitDay(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The teacher's profile id (the teacher page's), found by name in the search. */
export async function teacherProfileId(teacher: { firstName: string; lastName: string }): Promise<number> {
  for (let page = 1; page <= 3; page++) {
    const search = await api<{ data: { id: number; user: { firstName: string; lastName: string } }[] }>(
      `/api/teachers/search?limit=50&page=${page}&sortBy=createdAt&sortOrder=DESC`,
      null,
      // Names come in the request's language (ADR 020): `teacher` is the English spelling.
      { headers: { 'accept-language': 'en' } },
    );
    const found = search.data.find(
      (row) => row.user.firstName === teacher.firstName && row.user.lastName === teacher.lastName,
    );
    if (found) return found.id;
  }
  throw new Error(`${teacher.firstName} ${teacher.lastName} is not in the search`);
}

/** Opens a one-hour slot at `price` on the first whole hour, from `from` on, that the teacher has free. */
export async function openSlot(teacherToken: string, price: string, from: number): Promise<Slot> {
  const mine = await api<Slot[] | { data: Slot[] }>('/api/v1/availability/slots', teacherToken);
  const taken = (Array.isArray(mine) ? mine : mine.data).map((slot) => [
    Date.parse(slot.startTime),
    Date.parse(slot.endTime),
  ]);
  let start = Math.ceil(from / HOUR_MS) * HOUR_MS;
  for (let tries = 0; tries < 24 * 14; tries++, start += HOUR_MS) {
    const end = start + HOUR_MS;
    if (taken.some(([s = 0, e = 0]) => s < end && start < e)) continue;
    return api<Slot>('/api/v1/availability/slots', teacherToken, {
      method: 'POST',
      body: JSON.stringify({ startTime: new Date(start).toISOString(), endTime: new Date(end).toISOString(), price }),
    });
  }
  throw new Error('the teacher has no free hour');
}

/** On the teacher page (`query` after its path, e.g. '?weekly=1'): the slot's day, then the slot. */
export async function pickSlot(page: Page, profileId: number, slot: Slot, lang: 'en' | 'ar' = 'en', query = '') {
  await page.goto(`/${lang}/teachers/${profileId}${query}`);
  await page.getByTestId('slot').first().waitFor({ timeout: 15_000 });
  const day = kuwaitDay(slot.startTime);
  const open = (await api<Slot[]>(`/api/teachers/teachers/${profileId}/available-time-slots`)).filter(
    (s) => s.status === 'open' && kuwaitDay(s.startTime) === day,
  );
  const index = open.findIndex((s) => s.id === slot.id);
  expect(index).toBeGreaterThanOrEqual(0);
  const tab = page.locator(`[role=tab][data-day="${day}"]`);
  const next = page.getByRole('button', { name: lang === 'en' ? 'Next week' : 'الأسبوع التالي' });
  for (let week = 0; week < 4 && (await tab.count()) === 0; week++) await next.click();
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  const button = page.getByRole('tabpanel').getByTestId('slot').nth(index);
  await button.click();
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
}

/** On the teacher page: the slot's day, then the slot, then Book; returns the review dialog. */
export async function openReview(page: Page, profileId: number, slot: Slot, lang: 'en' | 'ar' = 'en') {
  await pickSlot(page, profileId, slot, lang);
  await page.getByRole('button', { name: lang === 'en' ? 'Book' : 'احجز', exact: true }).click();
  const review = page.getByRole('dialog', { name: lang === 'en' ? 'Review your booking' : 'مراجعة الحجز' });
  await review.waitFor();
  return review;
}

/** Confirms the review and opens the payment choice: the dialog and its wallet-balance button, once enabled. */
export async function payFromBalance(page: Page, lang: 'en' | 'ar' = 'en') {
  const confirm = page.getByRole('button', { name: lang === 'en' ? 'Confirm booking' : 'تأكيد الحجز' });
  await expect.poll(() => confirm.isEnabled(), { timeout: 10_000 }).toBe(true);
  await confirm.click();
  const methods = page.getByRole('dialog', { name: lang === 'en' ? 'Choose how to pay' : 'اختر طريقة الدفع' });
  await methods.waitFor();
  const balance = methods.getByTestId('payment-choice-balance');
  await expect.poll(() => balance.isEnabled(), { timeout: 10_000 }).toBe(true);
  return { methods, balance };
}
