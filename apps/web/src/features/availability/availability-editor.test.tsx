import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OwnSlot, OwnTeacherProfile } from '@ustaz/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/availability.json';
import en from '../../../public/locales/en/availability.json';
import { AuthContext } from '../../shared/auth/auth-context.tsx';
import { signedIn, teacher } from '../../shared/test/auth-test-data.ts';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { jsonResponse } from '../../shared/test/test-i18n.ts';
import { ConfirmationModalFromHost } from '../../shared/ui/confirmation-modal.tsx';
import { ModalProvider } from '../../shared/ui/modal/modal-context.tsx';
import { AppToaster } from '../../shared/ui/toast.tsx';
import { AvailabilityEditor } from './availability-editor.tsx';
import { ownSlot } from './availability-test-data.ts';

const ZONE = 'Asia/Kuwait';
/** Tuesday 10 March 2026, 12:00 in Kuwait. */
const NOW = new Date('2026-03-10T09:00:00.000Z');

const TEACHER = teacher();
const auth = signedIn(TEACHER);

function profile(hourlyRate: string, timeZone = ZONE): OwnTeacherProfile & { bioAr: string; bioEn: string } {
  return {
    timeZone,
    bioAr: '',
    bioEn: '',
    id: 7,
    userId: TEACHER.id,
    bio: '',
    major: '',
    experienceYears: 3,
    hourlyRate,
    trialPrice: null,
    videoUrl: null,
    meetingLink: null,
    averageRating: 0,
    ratingCount: 0,
    bookingsCount: 0,
    subjects: [],
    user: { id: TEACHER.id, firstName: 'Mona', lastName: 'Al-Sabah', photo: null },
  };
}

type Answer = { status: number; body: unknown };
type Call = { method: string; url: URL; body: unknown };

function mockApi({
  slots = [[]],
  write,
  hourlyRate = '10.000',
  timeZone = ZONE,
}: {
  /** The answers of the slots list, in turn (the last one repeats). */
  slots?: OwnSlot[][];
  /** The answer to POST, PATCH and DELETE. */
  write?: (call: Call) => Answer;
  hourlyRate?: string | null;
  /** The teacher's zone setting in their own profile. */
  timeZone?: string;
}) {
  const calls: Call[] = [];
  const lists = [...slots];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const call = { method, url, body: init?.body ? JSON.parse(String(init.body)) : null };
      calls.push(call);
      if (url.pathname === '/api/v1/availability/slots' && method === 'GET') {
        return jsonResponse(200, (lists.length > 1 ? lists.shift() : lists[0]) ?? []);
      }
      if (/^\/api\/v1\/availability\/(slots|recurring|series)/.test(url.pathname) && write) {
        const answer = write(call);
        return answer.status === 204 ? new Response(null, { status: 204 }) : jsonResponse(answer.status, answer.body);
      }
      if (url.pathname === '/api/teachers/profiles/me') {
        return hourlyRate === null
          ? jsonResponse(404, { status: 404, code: 'notFound', message: 'Not found' })
          : jsonResponse(200, profile(hourlyRate, timeZone));
      }
      return jsonResponse(404, { status: 404, code: 'notFound', message: 'Not found' });
    }),
  );
  return calls;
}

/** The placeholder with Intl's no-break spaces read as spaces. */
const placeholderOf = (input: HTMLElement) => input.getAttribute('placeholder')?.replace(/\s/g, ' ');

const slotListCalls = (calls: Call[]) =>
  calls.filter((call) => call.url.pathname === '/api/v1/availability/slots' && call.method === 'GET');

/** The editor on a fixed clock; `timeZone: null` leaves the zone to the teacher's setting. */
async function renderEditor(language: 'ar' | 'en' = 'en', timeZone: string | null = ZONE) {
  return renderRoute(
    <AuthContext value={auth}>
      <ModalProvider registry={{ CONFIRMATION_MODAL: ConfirmationModalFromHost }}>
        <AvailabilityEditor now={NOW} {...(timeZone ? { timeZone } : {})} />
        <AppToaster />
      </ModalProvider>
    </AuthContext>,
    { language, path: '/profile' },
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

/**
 * Opens the add form in the language of `texts` and types the given start, end and price into it;
 * `submit()` presses its add button.
 */
/** The editor in `language` with the add form open and `times` typed in; `write` answers its writes (404 otherwise). */
async function addSlotForm(
  language: 'ar' | 'en',
  times: { start?: string; end?: string; price?: string },
  write?: (call: Call) => Answer,
) {
  const calls = mockApi(write ? { write } : {});
  await renderEditor(language);
  return { calls, ...(await openAddForm(language === 'ar' ? ar : en, times)) };
}

async function openAddForm(texts: typeof en, times: { start?: string; end?: string; price?: string } = {}) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: texts.add }));
  const form = screen.getByTestId('slot-form');
  if (times.start) await user.type(within(form).getByLabelText(new RegExp(`^${texts.form.start}`)), times.start);
  if (times.end) await user.type(within(form).getByLabelText(new RegExp(`^${texts.form.end}`)), times.end);
  if (times.price) await user.type(within(form).getByLabelText(texts.form.price), times.price);
  const submit = () => user.click(within(form).getByRole('button', { name: texts.form.addSubmit }));
  return { user, form, submit };
}

describe('AvailabilityEditor week', () => {
  it('en: the week starts on Sunday and is asked for from midnight Sunday to midnight the next Sunday (viewer zone)', async () => {
    const calls = mockApi({});
    const { missing } = await renderEditor('en');
    const days = await screen.findAllByTestId('day', {}, { timeout: 5000 });
    expect(days).toHaveLength(7);
    expect(days[0]?.textContent).toBe('Sunday, March 8');
    expect(days[2]?.textContent).toBe(`Tuesday, March 10${en.today}`);
    expect(days[6]?.textContent).toBe('Saturday, March 14');
    const [first] = slotListCalls(calls);
    expect(first?.url.searchParams.get('from')).toBe('2026-03-07T21:00:00.000Z');
    expect(first?.url.searchParams.get('to')).toBe('2026-03-14T21:00:00.000Z');
    expect(missing).toEqual([]);
  });

  it('ar: the week starts on Saturday', async () => {
    const calls = mockApi({});
    const { missing } = await renderEditor('ar');
    const days = await screen.findAllByTestId('day');
    expect(days[0]?.textContent).toBe('السبت، ٧ مارس');
    expect(days[6]?.textContent).toBe('الجمعة، ١٣ مارس');
    expect(slotListCalls(calls)[0]?.url.searchParams.get('from')).toBe('2026-03-06T21:00:00.000Z');
    expect(missing).toEqual([]);
  });

  it('groups slots under the day they start on, and moves a week on', async () => {
    const calls = mockApi({
      slots: [
        [ownSlot('2026-03-11T15:00:00.000Z'), ownSlot('2026-03-11T06:00:00.000Z')],
        [ownSlot('2026-03-17T15:00:00.000Z')],
      ],
    });
    await renderEditor('en');
    const rows = await screen.findAllByTestId('own-slot');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^9:00\s–\s10:00\sAM/),
      expect.stringMatching(/^6:00\s–\s7:00\sPM/),
    ]);
    const wednesday = screen.getAllByTestId('day')[3]?.closest('li');
    expect(wednesday && within(wednesday).getAllByTestId('own-slot')).toHaveLength(2);
    expect(screen.getByRole('button', { name: en.previousWeek })).toHaveProperty('disabled', true);

    await userEvent.setup().click(screen.getByRole('button', { name: en.nextWeek }));
    await waitFor(() => expect(screen.getAllByTestId('day')[0]?.textContent).toBe('Sunday, March 15'));
    expect(await screen.findAllByTestId('own-slot')).toHaveLength(1);
    expect(slotListCalls(calls).at(-1)?.url.searchParams.get('from')).toBe('2026-03-14T21:00:00.000Z');
  });
});

describe('AvailabilityEditor slots', () => {
  it('shows held and booked slots read-only with the student name; open ones can be edited and deleted', async () => {
    mockApi({
      slots: [
        [
          ownSlot('2026-03-11T15:00:00.000Z'),
          ownSlot('2026-03-12T15:00:00.000Z', { status: 'booked', reservationId: 5, studentName: 'Fahad Al-Ali' }),
          ownSlot('2026-03-13T15:00:00.000Z', { status: 'held', reservationId: 6, studentName: 'Sara' }),
        ],
      ],
    });
    await renderEditor('en');
    const [open, booked, held] = (await screen.findAllByTestId('own-slot')) as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(open).getByText(en.status.open)).toBeTruthy();
    expect(within(open).getByRole('button', { name: /^Delete the time/ })).toBeTruthy();
    expect(within(open).getByRole('button', { name: /^Edit the time/ })).toBeTruthy();
    expect(within(booked).getByText(en.status.booked)).toBeTruthy();
    expect(within(booked).getByText('Fahad Al-Ali')).toBeTruthy();
    expect(within(booked).queryByRole('button')).toBeNull();
    expect(within(held).getByText(en.status.held)).toBeTruthy();
    expect(within(held).getByText('Sara')).toBeTruthy();
    expect(within(held).queryByRole('button')).toBeNull();
  });

  it('adds a slot: the price placeholder shows the default from the hourly rate, and an empty price is not sent', async () => {
    const calls = mockApi({
      slots: [[], [ownSlot('2026-03-12T15:00:00.000Z', { price: '15.000' })]],
      write: (call) => ({
        status: 201,
        body: ownSlot(String((call.body as { startTime: string }).startTime), { price: '15.000' }),
      }),
    });
    await renderEditor('en');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: en.add }));
    const form = screen.getByTestId('slot-form');
    const date = within(form).getByLabelText(/^Date/);
    expect((date as HTMLInputElement).value).toBe('2026-03-10');
    await user.clear(date);
    await user.type(date, '2026-03-12');
    await user.type(within(form).getByLabelText(/^Start time/), '18:00');
    const price = within(form).getByLabelText(en.form.price);
    expect(placeholderOf(price)).toBe(en.form.defaultPriceRule);
    await user.type(within(form).getByLabelText(/^End time/), '19:30');
    // 1.5 hours at KWD 10.000 an hour.
    await waitFor(() => expect(placeholderOf(price)).toBe('KWD 15.000'));
    expect(
      within(form).getByText('Leave empty for the default: your hourly rate (KWD 10.000) × the length.'),
    ).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: en.form.addSubmit }));
    expect(await screen.findByText(en.added)).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url.pathname).toBe('/api/v1/availability/slots');
    expect(post?.body).toEqual({ startTime: '2026-03-12T15:00:00.000Z', endTime: '2026-03-12T16:30:00.000Z' });
    await waitFor(() => expect(screen.queryByTestId('slot-form')).toBeNull());
    expect(await screen.findAllByTestId('own-slot')).toHaveLength(1);
  });

  it('without a known hourly rate the placeholder names the rule', async () => {
    mockApi({ hourlyRate: null });
    await renderEditor('en');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: en.add }));
    expect(screen.getByLabelText(en.form.price).getAttribute('placeholder')).toBe(en.form.defaultPriceRule);
  });

  it('shows the translated overlap error (409 slotOverlap) and keeps the form', async () => {
    const { form, submit } = await addSlotForm('ar', { start: '18:00', end: '19:00', price: '12.5' }, () => ({
      status: 409,
      body: { status: 409, code: 'slotOverlap', message: 'Overlaps another slot' },
    }));
    await submit();
    expect((await within(form).findByRole('alert')).textContent).toBe(ar.errors.slotOverlap);
    expect(screen.getByTestId('slot-form')).toBeTruthy();
  });

  it('maps a 422 startTime inPast to the start field', async () => {
    const { form, submit } = await addSlotForm('en', { start: '18:00', end: '19:00' }, () => ({
      status: 422,
      body: { status: 422, errors: { startTime: 'inPast' } },
    }));
    await submit();
    expect(await within(form).findByText(en.fieldErrors.inPast)).toBeTruthy();
  });

  it('checks the times before sending', async () => {
    const { calls, user, form, submit } = await addSlotForm('en', { start: '18:00', end: '17:00', price: '1,5' });
    await submit();
    expect(await within(form).findByText(en.form.errors.price)).toBeTruthy();
    await user.clear(within(form).getByLabelText(en.form.price));
    await submit();
    expect(await within(form).findByText(en.form.errors.endBeforeStart)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("refuses more than 1,000 KWD an hour before sending, and maps the server's price tooBig to the same words", async () => {
    // 15 minutes for 250.001 KWD is more than 1,000 KWD an hour.
    const { calls, user, form, submit } = await addSlotForm(
      'en',
      { start: '18:00', end: '18:15', price: '250.001' },
      () => ({ status: 422, body: { status: 422, errors: { price: 'tooBig' } } }),
    );
    await submit();
    const words = en.form.errors.pricePerHour.replace('{{max}}', '');
    expect((await within(form).findByText(new RegExp(words.split(' ').slice(0, 4).join(' ')))).textContent).toMatch(
      /1,000/,
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    // Exactly the bound goes to the server; its refusal reads the same.
    await user.clear(within(form).getByLabelText(en.form.price));
    await user.type(within(form).getByLabelText(en.form.price), '250');
    await submit();
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect((await within(form).findByText(/at most/)).textContent).toMatch(/1,000/);
  });

  it('en: a 0.000 price is refused before sending (tooSmall: at least 0.500 KWD an hour), and so is 1٬5', async () => {
    const { calls, user, form, submit } = await addSlotForm('en', { start: '18:00', end: '19:00', price: '0.000' });
    await submit();
    expect((await within(form).findByText(/at least/)).textContent?.replace(/\s/g, ' ')).toBe(
      'A time costs at least KWD 0.500 an hour',
    );
    // 30 minutes from 0.250: 0.249 is too little.
    await user.clear(within(form).getByLabelText(new RegExp(`^${en.form.end}`)));
    await user.type(within(form).getByLabelText(new RegExp(`^${en.form.end}`)), '18:30');
    await user.clear(within(form).getByLabelText(en.form.price));
    await user.type(within(form).getByLabelText(en.form.price), '0.249');
    await submit();
    expect(await within(form).findByText(/at least/)).toBeTruthy();
    // The one amount parser: ٬ only between groups of three.
    await user.clear(within(form).getByLabelText(en.form.price));
    await user.type(within(form).getByLabelText(en.form.price), '1٬5');
    await submit();
    expect(await within(form).findByText(en.form.errors.price)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("ar: the server's price tooSmall is shown in Arabic under the price, and ٠٫٢٥٠ for 30 minutes is sent as 0.250", async () => {
    const { calls, form, submit } = await addSlotForm('ar', { start: '18:00', end: '18:30', price: '٠٫٢٥٠' }, () => ({
      status: 422,
      body: { status: 422, errors: { price: 'tooSmall' } },
    }));
    await submit();
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ price: '0.250' });
    const words = ar.form.errors.priceTooSmall.replace('{{min}}', '').trim();
    expect((await within(form).findByText(new RegExp(words))).textContent).toMatch(/٠٫٥٠٠/);
  });

  it('edits an open slot with PATCH', async () => {
    const slot = ownSlot('2026-03-11T15:00:00.000Z');
    const calls = mockApi({
      slots: [[slot]],
      write: (call) => ({ status: 200, body: { ...slot, ...(call.body as object) } }),
    });
    await renderEditor('en');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Edit the time/ }));
    const form = screen.getByTestId('slot-form');
    expect((within(form).getByLabelText(/^Start time/) as HTMLInputElement).value).toBe('18:00');
    expect(placeholderOf(within(form).getByLabelText(en.form.price))).toBe('KWD 10.000');
    await user.clear(within(form).getByLabelText(/^End time/));
    await user.type(within(form).getByLabelText(/^End time/), '20:00');
    await user.click(within(form).getByRole('button', { name: en.form.editSubmit }));
    expect(await screen.findByText(en.updated)).toBeTruthy();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.url.pathname).toBe(`/api/v1/availability/slots/${slot.id}`);
    expect(patch?.body).toEqual({ startTime: '2026-03-11T15:00:00.000Z', endTime: '2026-03-11T17:00:00.000Z' });
  });

  it('deletes an open slot after the confirmation', async () => {
    const slot = ownSlot('2026-03-11T15:00:00.000Z');
    const calls = mockApi({ slots: [[slot], []], write: () => ({ status: 204, body: null }) });
    await renderEditor('en');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Delete the time/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: en.delete.title })).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: en.delete.confirm }));
    expect(await screen.findByText(en.deleted)).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')?.url.pathname).toBe(`/api/v1/availability/slots/${slot.id}`);
    await waitFor(() => expect(screen.queryAllByTestId('own-slot')).toHaveLength(0));
  });

  it('a slot booked meanwhile (409 slotNotEditable) is reported and the list reloaded', async () => {
    const slot = ownSlot('2026-03-11T15:00:00.000Z');
    const calls = mockApi({
      slots: [[slot], [{ ...slot, status: 'booked', reservationId: 9, studentName: 'Fahad Al-Ali' }]],
      write: () => ({ status: 409, body: { status: 409, code: 'slotNotEditable', message: 'Slot is booked' } }),
    });
    await renderEditor('en');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Delete the time/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: en.delete.confirm }));
    expect(await screen.findByText(en.errors.slotNotEditable)).toBeTruthy();
    expect(await screen.findByText('Fahad Al-Ali')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Delete the time/ })).toBeNull();
    expect(slotListCalls(calls)).toHaveLength(2);
  });
});

describe('AvailabilityEditor weekly hours', () => {
  /** Opens the weekly form in the language of `texts`. */
  async function openWeekly(texts: typeof en) {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: texts.weekly.open }));
    const form = screen.getByTestId('weekly-form');
    return { user, form, submit: () => user.click(within(form).getByRole('button', { name: texts.weekly.submit })) };
  }

  it('en: days Sunday to Saturday; sends the chosen days, hours, length, range and an Arabic-Indic price; shows created and skipped', async () => {
    const calls = mockApi({
      slots: [[], [ownSlot('2026-03-10T15:00:00.000Z', { seriesId: 'series-1' })]],
      write: () => ({ status: 201, body: { created: 6, skipped: 1, seriesId: 'series-1' } }),
    });
    const { missing } = await renderEditor('en');
    const { user, form, submit } = await openWeekly(en);
    const toggles = within(form).getAllByTestId('weekday-toggle');
    expect(toggles.map((toggle) => toggle.textContent)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    await user.click(within(form).getByRole('button', { name: 'Tuesday' }));
    await user.click(within(form).getByRole('button', { name: 'Thursday' }));
    expect(within(form).getByRole('button', { name: 'Tuesday' }).getAttribute('aria-pressed')).toBe('true');
    await user.type(within(form).getByLabelText(new RegExp(`^${en.weekly.from}`)), '18:00');
    await user.type(within(form).getByLabelText(new RegExp(`^${en.weekly.to}`)), '21:00');
    await user.selectOptions(within(form).getByLabelText(en.weekly.length), '90');
    // 90 minutes at KWD 10.000 an hour.
    expect(placeholderOf(within(form).getByLabelText(en.form.price))).toBe('KWD 15.000');
    await user.type(within(form).getByLabelText(en.form.price), '١٢٫٥');
    await submit();

    expect(await screen.findByTestId('weekly-result')).toHaveProperty(
      'textContent',
      'Created 6, skipped 1 (overlapping your times or already past).',
    );
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url.pathname).toBe('/api/v1/availability/recurring');
    expect(post?.body).toEqual({
      weekdays: [2, 4],
      startTime: '18:00',
      endTime: '21:00',
      lessonMinutes: 90,
      fromDate: '2026-03-10',
      toDate: '2026-04-06',
      price: '12.5',
    });
    expect(screen.queryByTestId('weekly-form')).toBeNull();
    // The list is asked again and shows the series.
    expect(await screen.findByTestId('series-badge')).toHaveProperty('textContent', en.series.badge);
    expect(missing).toEqual([]);
  });

  it('ar: the days run Saturday to Friday in Arabic, and the result uses Arabic digits', async () => {
    mockApi({ write: () => ({ status: 201, body: { created: 12, skipped: 0, seriesId: 's' } }) });
    const { missing } = await renderEditor('ar');
    const { user, form, submit } = await openWeekly(ar);
    // The zone by its Arabic name, in the header (the id as its title) and in the form's help.
    const zone = within(screen.getByTestId('time-zone')).getByTitle('Asia/Kuwait');
    expect(zone.textContent).toBe('التوقيت العربي الرسمي');
    expect(within(form).getByText(/الأوقات حسب \u2068التوقيت العربي الرسمي\u2069\./)).toBeTruthy();
    expect(form.textContent).not.toContain('Asia/Kuwait');
    const toggles = within(form).getAllByTestId('weekday-toggle');
    expect(toggles.map((toggle) => toggle.getAttribute('aria-label'))).toEqual([
      'السبت',
      'الأحد',
      'الاثنين',
      'الثلاثاء',
      'الأربعاء',
      'الخميس',
      'الجمعة',
    ]);
    await user.click(toggles[1] as HTMLElement);
    await user.type(within(form).getByLabelText(new RegExp(`^${ar.weekly.from}`)), '09:00');
    await user.type(within(form).getByLabelText(new RegExp(`^${ar.weekly.to}`)), '12:00');
    await submit();
    expect((await screen.findByTestId('weekly-result')).textContent).toContain('١٢');
    expect(missing).toEqual([]);
  });

  it('checks before sending: a day, the order of the hours, a lesson that fits, at most 12 weeks', async () => {
    const calls = mockApi({});
    await renderEditor('en');
    const { user, form, submit } = await openWeekly(en);
    await user.type(within(form).getByLabelText(new RegExp(`^${en.weekly.from}`)), '18:00');
    await user.type(within(form).getByLabelText(new RegExp(`^${en.weekly.to}`)), '17:00');
    await submit();
    expect(within(form).getByText(en.weekly.errors.weekdays)).toBeTruthy();
    expect(within(form).getByText(en.form.errors.endBeforeStart)).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Monday' }));
    await user.clear(within(form).getByLabelText(new RegExp(`^${en.weekly.to}`)));
    await user.type(within(form).getByLabelText(new RegExp(`^${en.weekly.to}`)), '18:30');
    const last = within(form).getByLabelText(new RegExp(`^${en.weekly.toDate}`));
    await user.clear(last);
    // 85 days after Tuesday 10 March.
    await user.type(last, '2026-06-03');
    await submit();
    expect(within(form).getByText(en.weekly.errors.shorterThanLesson)).toBeTruthy();
    expect(within(form).getByText('At most 12 weeks after the first day')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows the server's field codes under their fields", async () => {
    mockApi({ write: () => ({ status: 422, body: { status: 422, errors: { toDate: 'rangeTooLong' } } }) });
    await renderEditor('en');
    const { user, form, submit } = await openWeekly(en);
    await user.click(within(form).getByRole('button', { name: 'Monday' }));
    await user.type(within(form).getByLabelText(new RegExp(`^${en.weekly.from}`)), '18:00');
    await user.type(within(form).getByLabelText(new RegExp(`^${en.weekly.to}`)), '19:00');
    await submit();
    expect(await within(form).findByText('At most 12 weeks after the first day')).toBeTruthy();
  });
});

describe('AvailabilityEditor series and zone', () => {
  it("removes a series' open times after the confirmation", async () => {
    const seriesId = '0b0c2f8e-6a3e-4b61-9d1e-1f0b5a2c7d11';
    const slot = ownSlot('2026-03-11T15:00:00.000Z', { seriesId });
    const calls = mockApi({ slots: [[slot], []], write: () => ({ status: 200, body: { removed: 3 } }) });
    await renderEditor('en');
    const user = userEvent.setup();
    const card = await screen.findByTestId('own-slot');
    expect(within(card).getByTestId('series-badge').textContent).toBe(en.series.badge);
    await user.click(within(card).getByRole('button', { name: en.series.button }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: en.series.title })).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: en.series.confirm }));
    expect(await screen.findByText('Series removed: 3 open times')).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')?.url.pathname).toBe(
      `/api/v1/availability/series/${seriesId}`,
    );
    await waitFor(() => expect(screen.queryAllByTestId('own-slot')).toHaveLength(0));
  });

  it('a single slot has no series action; a booked series slot none at all', async () => {
    mockApi({
      slots: [
        [
          ownSlot('2026-03-11T15:00:00.000Z'),
          ownSlot('2026-03-12T15:00:00.000Z', {
            seriesId: 's',
            status: 'booked',
            studentName: 'Sara',
            reservationId: 4,
          }),
        ],
      ],
    });
    await renderEditor('en');
    const [single, booked] = (await screen.findAllByTestId('own-slot')) as [HTMLElement, HTMLElement];
    expect(within(single).queryByRole('button', { name: en.series.button })).toBeNull();
    expect(within(single).queryByTestId('series-badge')).toBeNull();
    expect(within(booked).getByTestId('series-badge')).toBeTruthy();
    expect(within(booked).queryByRole('button')).toBeNull();
  });

  it("shows days and times in the teacher's zone setting, with its name", async () => {
    mockApi({ slots: [[ownSlot('2026-03-11T15:00:00.000Z')]], timeZone: 'Europe/London' });
    await renderEditor('en', null);
    // Its name as it is on the editor's day (10 March: before British Summer Time), the id as the title.
    await waitFor(() => expect(screen.getByTestId('time-zone').textContent).toContain('Greenwich Mean Time'));
    expect(within(screen.getByTestId('time-zone')).getByTitle('Europe/London')).toBeTruthy();
    // 15:00 UTC is 3 PM in London in March (6 PM in Kuwait).
    await waitFor(() => expect(screen.getByTestId('own-slot').textContent).toMatch(/^3:00\s–\s4:00\sPM/));
  });
});
