import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OwnSlot, Reservation } from '@ustaz/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/reschedule.json';
import common from '../../../public/locales/en/common.json';
import en from '../../../public/locales/en/reschedule.json';
import { formatKwd } from '../../shared/lib/format.ts';
import { mockApi } from '../../shared/test/mock-api.ts';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { ProposeNewTime } from './propose-new-time.tsx';
import { ReservationCard } from './reservation-card.tsx';
import { reservation } from './reservation-test-data.ts';

const ZONE = 'Asia/Kuwait';
/** Four days before the lesson of the test data (14 March 2026, 15:00-16:00 UTC, 12.500 KWD). */
const NOW = new Date('2026-03-10T09:00:00.000Z');
const SLOTS = 'GET /api/v1/availability/slots';
const PROPOSE = 'POST /api/v1/reservations/5/proposals';

const slot = (
  id: number,
  startTime: string,
  hours: number,
  price: string,
  status: OwnSlot['status'] = 'open',
  kind: OwnSlot['kind'] = 'lesson',
): OwnSlot => ({
  id,
  startTime,
  endTime: new Date(Date.parse(startTime) + hours * 3_600_000).toISOString(),
  price,
  status,
  reservationId: status === 'open' ? null : 99,
  studentName: status === 'open' ? null : 'Someone',
  seriesId: null,
  kind,
});

/** The teacher's own slots: three open ones of the lesson's length on two days, and others never offered. */
const OWN_SLOTS: OwnSlot[] = [
  slot(31, '2026-03-17T15:00:00.000Z', 1, '15.000'),
  slot(32, '2026-03-16T17:00:00.000Z', 1, '12.500'),
  slot(33, '2026-03-16T15:00:00.000Z', 1, '10.000'),
  // Another length, already past, booked, a trial, and the lesson's own slot (booked by it).
  slot(34, '2026-03-18T15:00:00.000Z', 2, '25.000'),
  slot(35, '2026-03-09T15:00:00.000Z', 1, '12.500'),
  slot(36, '2026-03-19T15:00:00.000Z', 1, '12.500', 'booked'),
  slot(37, '2026-03-20T15:00:00.000Z', 1, '12.500', 'open', 'trial'),
  slot(38, '2026-03-14T15:00:00.000Z', 1, '12.500', 'booked'),
];

const proposed = (overrides: Partial<Reservation> = {}) =>
  reservation({
    proposal: {
      id: 70,
      reservationId: 5,
      status: 'open',
      timeSlotId: 33,
      startTime: '2026-03-16T15:00:00.000Z',
      endTime: '2026-03-16T16:00:00.000Z',
      price: '10.000',
      note: '',
      createdAt: NOW.toISOString(),
      expiresAt: '2026-03-14T15:00:00.000Z',
    },
    ...overrides,
  });

async function renderPropose(
  lesson: Reservation,
  language: 'ar' | 'en' = 'en',
  viewer: 'student' | 'teacher' = 'teacher',
) {
  return renderRoute(<ProposeNewTime reservation={lesson} viewer={viewer} timeZone={ZONE} now={NOW} />, {
    language,
    path: '/schedule',
  });
}

async function openDialog(texts: typeof en = en) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: texts.propose.button }));
  const dialog = await screen.findByRole('dialog', { name: texts.propose.title });
  return { user, dialog };
}

/** Picks the first open time offered and sends the proposal. */
async function pickAndSend(texts: typeof en) {
  const { user, dialog } = await openDialog(texts);
  await user.click((await within(dialog).findAllByRole('radio'))[0] as HTMLElement);
  await user.click(within(dialog).getByRole('button', { name: texts.propose.send }));
  return { user, dialog };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Propose a new time (teacher)', () => {
  it('offers only own open times of the same length and kind, grouped by day, and sends the slot and the trimmed note', async () => {
    const api = mockApi({
      [SLOTS]: { status: 200, body: OWN_SLOTS },
      [PROPOSE]: { status: 201, body: { proposal: proposed().proposal, reservation: proposed() } },
    });
    const { missing } = await renderPropose(reservation());
    const { user, dialog } = await openDialog();
    const radios = await within(dialog).findAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual(['33', '32', '31']);
    // Monday 16 and Tuesday 17 March, in the teacher's zone.
    expect(
      within(dialog)
        .getAllByRole('group')
        .map((group) => group.querySelector('legend')?.textContent),
    ).toEqual(['Monday, March 16, 2026', 'Tuesday, March 17, 2026']);
    // The slots are read from now on, past the lesson's start.
    const search = api.callsTo(SLOTS)[0]?.search;
    expect(search?.get('from')).toBe('2026-03-10T09:00:00.000Z');
    expect(Date.parse(search?.get('to') ?? '')).toBeGreaterThan(Date.parse('2026-03-14T15:00:00.000Z'));
    expect(within(dialog).getByRole('button', { name: en.propose.send }).hasAttribute('disabled')).toBe(true);

    await user.click(radios[2] as HTMLElement);
    expect(within(dialog).getByTestId('price-difference').textContent).toBe(
      en.price.studentPays.replace('{{amount}}', formatKwd(2.5, 'en') ?? ''),
    );
    await user.type(within(dialog).getByRole('textbox', { name: en.propose.note }), '  The exam moved  ');
    await user.click(within(dialog).getByRole('button', { name: en.propose.send }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(PROPOSE).map((call) => call.body)).toEqual([{ timeSlotId: 31, note: 'The exam moved' }]);
    expect(missing).toEqual([]);
  });

  it('without a note the body is the slot alone; a cheaper time goes back to the student', async () => {
    const api = mockApi({
      [SLOTS]: { status: 200, body: OWN_SLOTS },
      [PROPOSE]: { status: 201, body: { proposal: proposed().proposal, reservation: proposed() } },
    });
    await renderPropose(reservation());
    const { user, dialog } = await openDialog();
    await user.click((await within(dialog).findAllByRole('radio'))[0] as HTMLElement);
    expect(within(dialog).getByTestId('price-difference').textContent).toBe(
      en.price.studentGetsBack.replace('{{amount}}', formatKwd(2.5, 'en') ?? ''),
    );
    await user.click(within(dialog).getByRole('button', { name: en.propose.send }));
    await waitFor(() => expect(api.callsTo(PROPOSE)).toHaveLength(1));
    expect(api.callsTo(PROPOSE)[0]?.body).toEqual({ timeSlotId: 33 });
  });

  const refusals: { name: string; status: number; body: unknown; text: string }[] = [
    ...(['slotUnavailable', 'rescheduleOtherLength', 'lessonNotMovable', 'proposalExists'] as const).map((code) => ({
      name: code,
      status: 409,
      body: { status: 409, code, message: 'Refused' },
      text: ar.propose.errors[code],
    })),
    {
      name: 'notFound',
      status: 404,
      body: { status: 404, code: 'notFound', message: 'Not found' },
      text: ar.propose.errors.notFound,
    },
    {
      name: 'a note too long (422)',
      status: 422,
      body: { status: 422, errors: { note: 'tooLong' } },
      text: ar.propose.fields.tooLong.replace('{{max}}', '٥٠٠'),
    },
    {
      name: 'another field refused (422)',
      status: 422,
      body: { status: 422, errors: { timeSlotId: 'tooBig' } },
      text: ar.propose.fields.invalid,
    },
    {
      name: 'too many requests (429)',
      status: 429,
      body: { status: 429, code: 'tooManyRequests', message: 'Slow' },
      text: ar.propose.tooManyRequests,
    },
    {
      name: 'a server failure (500)',
      status: 500,
      body: { status: 500, message: 'Internal' },
      text: ar.errors.generic,
    },
  ];

  it.each(refusals)('$name is explained in Arabic in the dialog', async ({ status, body, text }) => {
    mockApi({ [SLOTS]: { status: 200, body: OWN_SLOTS }, [PROPOSE]: { status, body } });
    await renderPropose(reservation(), 'ar');
    const { dialog } = await pickAndSend(ar);
    expect((await within(dialog).findByRole('alert')).textContent).toContain(text);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('a time taken meanwhile clears the choice and reads the open times again', async () => {
    const api = mockApi({
      [SLOTS]: { status: 200, body: OWN_SLOTS },
      [PROPOSE]: { status: 409, body: { status: 409, code: 'slotUnavailable', message: 'Taken' } },
    });
    await renderPropose(reservation());
    const { dialog } = await pickAndSend(en);
    expect(await within(dialog).findByText(en.propose.errors.slotUnavailable)).toBeTruthy();
    expect(within(dialog).queryByTestId('price-difference')).toBeNull();
    await waitFor(() => expect(api.callsTo(SLOTS)).toHaveLength(2));
  });

  it('no other open time of this length: says so with a link to the availability, and nothing to send', async () => {
    mockApi({ [SLOTS]: { status: 200, body: OWN_SLOTS.slice(3) } });
    await renderPropose(reservation(), 'ar');
    const { dialog } = await openDialog(ar);
    const empty = await within(dialog).findByTestId('move-empty');
    expect(empty.textContent).toContain(ar.propose.empty);
    expect(within(empty).getByRole('link', { name: ar.propose.addTime }).getAttribute('href')).toBe(
      '/ar/profile#availability-title',
    );
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).getByRole('button', { name: ar.propose.send }).hasAttribute('disabled')).toBe(true);
  });

  it('the open times fail to load: says so and retries', async () => {
    const api = mockApi({ [SLOTS]: { status: 500, body: { status: 500, message: 'Down' } } });
    await renderPropose(reservation());
    const { user, dialog } = await openDialog();
    expect(await within(dialog).findByText(en.move.loadError)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: common.retry }));
    await waitFor(() => expect(api.callsTo(SLOTS)).toHaveLength(2));
  });

  it('while a proposal is open: the time proposed, waiting for the student, and no button', async () => {
    mockApi({});
    await renderPropose(proposed(), 'ar');
    const waiting = await screen.findByTestId('proposal-waiting');
    expect(waiting.textContent).toContain('بانتظار رد الطالب');
    expect(waiting.textContent).toContain('١٦');
    expect(screen.queryByRole('button', { name: ar.propose.button })).toBeNull();
  });

  it('after the student declined: they may cancel with a full refund, and another time may be proposed', async () => {
    mockApi({});
    await renderPropose(reservation({ freeCancel: true }));
    expect((await screen.findByTestId('proposal-declined')).textContent).toBe(en.propose.declined);
    expect(screen.getByRole('button', { name: en.propose.button })).toBeTruthy();
  });

  it('nothing for the student, a lesson that has started, or a cancelled one', async () => {
    mockApi({});
    const { unmount } = await renderPropose(reservation(), 'en', 'student');
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    const started = await renderPropose(reservation({ startTime: '2026-03-10T08:30:00.000Z' }));
    expect(screen.queryByRole('button')).toBeNull();
    started.unmount();
    await renderPropose(reservation({ status: 'cancelled' }));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a weekly lesson not paid yet can get a new time too', async () => {
    mockApi({});
    await renderPropose(reservation({ status: 'pending', standingBookingId: 4 }));
    expect(await screen.findByRole('button', { name: en.propose.button })).toBeTruthy();
  });

  it("the teacher's reservation card offers it too", async () => {
    mockApi({});
    await renderRoute(
      <ReservationCard reservation={reservation()} viewer="teacher" timeZone={ZONE} now={NOW} onCancel={() => {}} />,
      { language: 'en', path: '/reservations' },
    );
    expect(await screen.findByRole('button', { name: en.propose.button })).toBeTruthy();
  });
});
