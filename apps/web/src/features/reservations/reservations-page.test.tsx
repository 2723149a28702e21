import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CancelReservationResponse, Reservation } from '@ustaz/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import arCommon from '../../../public/locales/ar/common.json';
import arProfile from '../../../public/locales/ar/profile.json';
import ar from '../../../public/locales/ar/reservations.json';
import enCommon from '../../../public/locales/en/common.json';
import enProfile from '../../../public/locales/en/profile.json';
import en from '../../../public/locales/en/reservations.json';
import { AuthContext, type AuthContextValue } from '../../shared/auth/auth-context.tsx';
import { useBalance } from '../../shared/money/use-balance.ts';
import { REVIEW_PROMPTS_LIMIT } from '../../shared/reviews/reviews-due.ts';
import { signedIn, student, teacher } from '../../shared/test/auth-test-data.ts';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { jsonResponse } from '../../shared/test/test-i18n.ts';
import { ConfirmationModalFromHost } from '../../shared/ui/confirmation-modal.tsx';
import { ModalProvider } from '../../shared/ui/modal/modal-context.tsx';
import { AppToaster } from '../../shared/ui/toast.tsx';
import { reservation, reservationsPage } from './reservation-test-data.ts';
import { ReservationsPage } from './reservations-page.tsx';

const ZONE = 'Asia/Kuwait';
const NOW = new Date('2026-03-10T09:00:00.000Z');
/** A confirmed lesson starting 6 hours after NOW: inside the 24-hour window, so it cannot be cancelled. */
const insideWindow = () =>
  reservation({
    startTime: '2026-03-10T15:00:00.000Z',
    endTime: '2026-03-10T16:00:00.000Z',
    canCancel: false,
    cancelDeadline: '2026-03-09T15:00:00.000Z',
  });

type Call = { method: string; url: URL; body: unknown };
type Answer = { status: number; body: unknown };

/**
 * A fetch for the reservations calls: the list (by scope, from `lists`), the cancel call and the
 * balance. Records every call.
 */
function mockApi({
  lists = {},
  cancel,
  balances = [{ balance: '10.000' }],
}: {
  lists?: Partial<Record<string, Answer | Answer[]>>;
  cancel?: Answer;
  balances?: { balance: string }[];
}) {
  const calls: Call[] = [];
  const queues = new Map(Object.entries(lists).map(([scope, answer]) => [scope, [answer].flat() as Answer[]]));
  const balanceQueue = [...balances];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (url.pathname === '/api/v1/reservations' && method === 'GET') {
      // The review prompts' own look at the newest past lessons: none here (review-prompt.test.tsx).
      if (url.searchParams.get('limit') === String(REVIEW_PROMPTS_LIMIT))
        return jsonResponse(200, reservationsPage([]));
      const queue = queues.get(url.searchParams.get('scope') ?? '') ?? [];
      const answer = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 200, body: reservationsPage([]) };
      return jsonResponse(answer.status, answer.body);
    }
    if (/^\/api\/v1\/reservations\/\d+\/cancel$/.test(url.pathname) && method === 'POST' && cancel) {
      return jsonResponse(cancel.status, cancel.body);
    }
    if (url.pathname === '/api/v1/subscriptions/balance') {
      const next = (balanceQueue.length > 1 ? balanceQueue.shift() : balanceQueue[0]) ?? { balance: '0.000' };
      return jsonResponse(200, { ...next, currency: 'KWD', earnings: '0.000', remainingHours: 0 });
    }
    return jsonResponse(404, { status: 404, code: 'notFound', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const listCalls = (calls: Call[]) =>
  calls.filter(
    (call) =>
      call.url.pathname === '/api/v1/reservations' &&
      call.method === 'GET' &&
      call.url.searchParams.get('limit') !== String(REVIEW_PROMPTS_LIMIT),
  );

/** Shows the ['balance'] query as the app's header or wallet would, to see it refreshed. */
function BalanceReader() {
  const balance = useBalance();
  return <output data-testid="balance-reader">{balance.data?.balance ?? ''}</output>;
}

async function renderPage({
  language = 'en',
  path = '/reservations',
  auth = signedIn(student()),
}: {
  language?: 'ar' | 'en';
  path?: string;
  auth?: AuthContextValue;
} = {}) {
  return renderRoute(
    <AuthContext value={auth}>
      <ModalProvider registry={{ CONFIRMATION_MODAL: ConfirmationModalFromHost }}>
        <ReservationsPage timeZone={ZONE} now={NOW} />
        <BalanceReader />
        <AppToaster />
      </ModalProvider>
    </AuthContext>,
    { language, path },
  );
}

function ok(data: Reservation[], paging?: Parameters<typeof reservationsPage>[1]): Answer {
  return { status: 200, body: reservationsPage(data, paging) };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('ReservationsPage tabs', () => {
  it('opens on the upcoming tab, and a tab puts its scope in the address and loads it', async () => {
    const calls = mockApi({
      lists: {
        upcoming: ok([reservation()]),
        past: ok([reservation({ id: 6, status: 'completed', canCancel: false })]),
      },
    });
    const { router, missing } = await renderPage();
    expect(await screen.findByTestId('reservation')).toBeTruthy();
    expect(screen.getByRole('link', { name: en.tabs.upcoming }).getAttribute('aria-current')).toBe('page');
    expect(listCalls(calls)[0]?.url.searchParams.get('scope')).toBe('upcoming');
    expect(listCalls(calls)[0]?.url.searchParams.get('page')).toBe('1');

    await userEvent.setup().click(screen.getByRole('link', { name: en.tabs.past }));
    await waitFor(() => expect(router.state.location.search).toBe('?scope=past'));
    expect(await screen.findByText(en.status.completed)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.tabs.past }).getAttribute('aria-current')).toBe('page');
    expect(listCalls(calls).at(-1)?.url.searchParams.get('scope')).toBe('past');
    expect(missing).toEqual([]);
  });

  it('reads the tab from ?scope= and falls back to upcoming for an unknown one', async () => {
    const calls = mockApi({ lists: { cancelled: ok([]) } });
    await renderPage({ path: '/reservations?scope=cancelled' });
    expect(await screen.findByRole('heading', { name: en.empty.cancelled.title })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.tabs.cancelled }).getAttribute('aria-current')).toBe('page');
    expect(listCalls(calls)[0]?.url.searchParams.get('scope')).toBe('cancelled');
  });

  it('an unknown scope shows the upcoming tab', async () => {
    const calls = mockApi({});
    await renderPage({ path: '/reservations?scope=everything' });
    expect(await screen.findByTestId('reservations-empty')).toBeTruthy();
    expect(listCalls(calls)[0]?.url.searchParams.get('scope')).toBe('upcoming');
  });

  it('pages through the list with the shared pagination, keeping the page in the address', async () => {
    const calls = mockApi({
      lists: {
        upcoming: [
          ok([reservation()], { page: 1, totalPages: 2, total: 11 }),
          ok([reservation({ id: 8, teacher: { ...reservation().teacher, firstName: 'Huda' } })], {
            page: 2,
            totalPages: 2,
            total: 11,
          }),
        ],
      },
    });
    const { router } = await renderPage();
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: en.pagination.next }));
    await waitFor(() => expect(router.state.location.search).toBe('?scope=upcoming&page=2'));
    expect(await screen.findByText(/Huda/)).toBeTruthy();
    expect(listCalls(calls).at(-1)?.url.searchParams.get('page')).toBe('2');
  });
});

describe('ReservationsPage cards', () => {
  it('shows a student the teacher (linked), the date and times in the viewer zone, hours, price, payment and note', async () => {
    mockApi({ lists: { upcoming: ok([reservation()]) } });
    await renderPage();
    const card = await screen.findByTestId('reservation');
    expect(within(card).getByText(en.card.teacher)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Mona Al-Sabah' }).getAttribute('href')).toBe('/en/teachers/7');
    expect(within(card).getByText('Saturday, March 14, 2026')).toBeTruthy();
    expect(within(card).getByTestId('reservation-time').textContent).toMatch(/^6:00\s–\s7:00\sPM$/);
    expect(within(card).getByText('1 hour')).toBeTruthy();
    expect(within(within(card).getByTestId('reservation-price')).getByText('KWD 12.500')).toBeTruthy();
    expect(within(card).getByText(`(${en.paidWith.wallet})`)).toBeTruthy();
    expect(within(card).getByTestId('reservation-status').textContent).toBe(en.status.confirmed);
    expect(within(card).getByText('أريد مراجعة الفصل الثالث').getAttribute('dir')).toBe('auto');
    expect(within(card).getByText('Free cancellation until Mar 13, 2026, 6:00 PM')).toBeTruthy();
  });

  it("keeps the card's facts a valid definition list: each dt and dd sits in the dl or one div inside it (axe dlitem)", async () => {
    mockApi({ lists: { upcoming: ok([reservation()]) } });
    await renderPage();
    const card = await screen.findByTestId('reservation');
    const items = card.querySelectorAll('dt, dd');
    expect(items.length).toBeGreaterThanOrEqual(4);
    for (const item of items) {
      const parent = item.parentElement;
      const inList = parent?.tagName === 'DL' || (parent?.tagName === 'DIV' && parent.parentElement?.tagName === 'DL');
      expect(inList, item.textContent ?? '').toBe(true);
    }
  });

  it('is named as the navigation, the account menu and the profile shortcut name it, for students and teachers alike', () => {
    for (const [page, common, profile] of [
      [ar, arCommon, arProfile],
      [en, enCommon, enProfile],
    ] as const) {
      const names = [
        page.teacherTitle,
        common.nav.reservations,
        common.nav.myReservations,
        profile.student.reservations,
        profile.teacher.lessons,
      ];
      expect(names).toEqual(names.map(() => page.title));
    }
  });

  it('shows a teacher the student, not linked, and a pending reservation as awaiting payment', async () => {
    mockApi({
      lists: { upcoming: ok([reservation({ status: 'pending', paidWith: 'payzah', hours: 1.5, canCancel: false })]) },
    });
    await renderPage({ auth: signedIn(teacher()) });
    const card = await screen.findByTestId('reservation');
    expect(screen.getByRole('heading', { level: 1, name: en.teacherTitle })).toBeTruthy();
    expect(within(card).getByText(en.card.student)).toBeTruthy();
    expect(within(card).getByText('Fahad Al-Ali')).toBeTruthy();
    expect(within(card).queryByRole('link')).toBeNull();
    expect(within(card).getByTestId('reservation-status').textContent).toBe('Awaiting payment');
    expect(within(card).getByText('1.5 hours')).toBeTruthy();
    expect(within(card).getByText(`(${en.paidWith.payzah})`)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: en.cancel.button })).toBeNull();
  });

  it('names the payment provider in Arabic on an Arabic card, not in Latin letters', async () => {
    mockApi({
      lists: { upcoming: ok([reservation({ paidWith: 'deema' }), reservation({ id: 8, paidWith: 'payzah' })]) },
    });
    await renderPage({ language: 'ar' });
    const [deema, payzah] = await screen.findAllByTestId('reservation');
    expect(within(deema as HTMLElement).getByText('(ديما)')).toBeTruthy();
    expect(within(payzah as HTMLElement).getByText('(بيزة)')).toBeTruthy();
    expect(screen.queryByText(/Deema|Payzah/)).toBeNull();
  });

  it("shows both local times when the other party's zone differs: the student's to a teacher, the teacher's to a student", async () => {
    const londonStudent = { ...reservation().student, timeZone: 'Europe/London' };
    mockApi({ lists: { upcoming: ok([reservation({ student: londonStudent })]) } });
    const teacherView = await renderPage({ auth: signedIn(teacher()) });
    const time = async () => (await screen.findByTestId('reservation-time')).textContent;
    expect(await time()).toMatch(/^6:00\s–\s7:00\sPM your time· 3:00\s–\s4:00\sPM the student's time$/);
    teacherView.unmount();
    const londonTeacher = { ...reservation().teacher, timeZone: 'Europe/London' };
    mockApi({ lists: { upcoming: ok([reservation({ teacher: londonTeacher })]) } });
    const { missing, unmount } = await renderPage({ language: 'ar' });
    const arabic = (await time()) ?? '';
    expect(arabic).toContain(ar.card.yourTime.replace('{{time}} ', ''));
    expect(arabic).toContain(ar.card.teacherTime.replace('{{time}} ', ''));
    expect(missing).toEqual([]);
    unmount();
    // The same zone on both sides: one time.
    mockApi({ lists: { upcoming: ok([reservation({ student: { ...londonStudent, timeZone: ZONE } })]) } });
    await renderPage({ auth: signedIn(teacher()) });
    expect(await time()).toMatch(/^6:00\s–\s7:00\sPM$/);
  });

  it('in Arabic: Arabic digits, the Arabic date and KWD amount', async () => {
    mockApi({ lists: { upcoming: ok([reservation({ paidWith: 'subscription' })]) } });
    const { missing } = await renderPage({ language: 'ar' });
    const card = await screen.findByTestId('reservation');
    expect(within(card).getByText('السبت، ١٤ مارس ٢٠٢٦')).toBeTruthy();
    expect(within(within(card).getByTestId('reservation-price')).getByText('‏١٢٫٥٠٠ د.ك.‏')).toBeTruthy();
    expect(within(card).getByText(ar.card.hours_one)).toBeTruthy();
    expect(within(card).getByText(`(${ar.paidWith.subscription})`)).toBeTruthy();
    expect(within(card).getByTestId('reservation-status').textContent).toBe(ar.status.confirmed);
    expect(missing).toEqual([]);
  });

  it('tells a student past the deadline why there is no Cancel button', async () => {
    mockApi({
      lists: { upcoming: ok([insideWindow()]) },
    });
    await renderPage();
    const card = await screen.findByTestId('reservation');
    expect(within(card).queryByRole('button', { name: en.cancel.button })).toBeNull();
    expect(within(card).getByTestId('cancellation-closed').textContent).toBe(
      'Cancellation closed on Mar 9, 2026, 6:00 PM: a lesson can be cancelled up to 24 hours before it starts.',
    );
  });

  /** The card of a reservation cancelled on 5 March by `cancelledBy`, on the cancelled tab. */
  async function cancelledCard(cancelledBy: 'teacher' | 'admin', language: 'ar' | 'en' = 'en') {
    mockApi({
      lists: {
        cancelled: ok([
          reservation({ status: 'cancelled', canCancel: false, cancelledBy, cancelledAt: '2026-03-05T07:00:00.000Z' }),
        ]),
      },
    });
    await renderPage({ language, path: '/reservations?scope=cancelled' });
    return screen.findByTestId('reservation');
  }

  it('names who cancelled a cancelled reservation', async () => {
    const card = await cancelledCard('teacher');
    expect(within(card).getByTestId('cancelled-by').textContent).toBe(
      'Cancelled by the teacher · Mar 5, 2026, 10:00 AM',
    );
    expect(within(card).queryByTestId('cancellation-closed')).toBeNull();
  });

  it('ar: a dash between who and when, not "·", which beside the date\'s first digit reads as a zero (٠)', async () => {
    const card = await cancelledCard('teacher', 'ar');
    const line = within(card).getByTestId('cancelled-by').textContent ?? '';
    expect(line.startsWith(`${ar.card.cancelledBy.teacher} — `)).toBe(true);
    expect(line).not.toContain('·');
    expect(line).toMatch(/[٠-٩]/);
  });

  it('says when the support team cancelled a reservation', async () => {
    const card = await cancelledCard('admin');
    expect(within(card).getByTestId('cancelled-by').textContent).toBe(
      'Cancelled by the support team · Mar 5, 2026, 10:00 AM',
    );
  });
});

describe('ReservationsPage states', () => {
  it('shows the empty state with a way to find a teacher', async () => {
    mockApi({});
    await renderPage();
    const empty = await screen.findByTestId('reservations-empty');
    expect(within(empty).getByRole('heading', { name: en.empty.upcoming.title })).toBeTruthy();
    expect(within(empty).getByRole('link', { name: en.empty.findTeacher }).getAttribute('href')).toBe('/en/teachers');
  });

  it('shows the error state, and retry loads the list', async () => {
    mockApi({
      lists: {
        upcoming: [{ status: 500, body: { status: 500, code: 'internalError', message: 'x' } }, ok([reservation()])],
      },
    });
    await renderPage();
    const error = await screen.findByTestId('reservations-error');
    expect(within(error).getByRole('heading', { name: en.errorTitle })).toBeTruthy();
    await userEvent.setup().click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('reservation')).toBeTruthy();
  });
});

describe('ReservationsPage cancellation', () => {
  function cancelled(refund: CancelReservationResponse['refund']): Answer {
    return {
      status: 200,
      body: {
        reservation: reservation({ status: 'cancelled', canCancel: false, cancelledBy: 'student' }),
        refund,
      } satisfies CancelReservationResponse,
    };
  }

  it('confirms, cancels, toasts the wallet refund, and refreshes the list and the balance', async () => {
    const calls = mockApi({
      lists: { upcoming: [ok([reservation()]), ok([])] },
      cancel: cancelled({ to: 'wallet', amount: '12.500', hours: 0 }),
      balances: [{ balance: '10.000' }, { balance: '22.500' }],
    });
    await renderPage();
    expect(await screen.findByText('10.000')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: en.cancel.button }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: en.cancel.title })).toBeTruthy();
    expect(dialog.textContent).toContain('Your lesson with Mona Al-Sabah on Saturday, March 14, 2026');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: en.cancel.confirm }));

    expect(await screen.findByText('Lesson cancelled. KWD 12.500 went back to your wallet.')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url.pathname).toBe('/api/v1/reservations/5/cancel');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByTestId('reservations-empty')).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(2);
    expect(await screen.findByText('22.500')).toBeTruthy();
  });

  it('keeps the lesson when the dialog is dismissed', async () => {
    const calls = mockApi({ lists: { upcoming: ok([reservation()]) } });
    await renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: en.cancel.button }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: en.cancel.keep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('toasts the hours given back to a subscription', async () => {
    mockApi({
      lists: { upcoming: ok([reservation({ paidWith: 'subscription', hours: 2 })]) },
      cancel: cancelled({ to: 'subscription', amount: '0.000', hours: 2 }),
    });
    await renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: en.cancel.button }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: en.cancel.confirm }));
    expect(await screen.findByText('Lesson cancelled. 2 hours went back to your subscription.')).toBeTruthy();
  });

  it('a teacher is told what the student got back', async () => {
    mockApi({
      lists: { upcoming: ok([reservation()]) },
      cancel: cancelled({ to: 'wallet', amount: '12.500', hours: 0 }),
    });
    await renderPage({ language: 'ar', auth: signedIn(teacher()) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: ar.cancel.button }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ar.cancel.confirm }));
    expect(await screen.findByText('أُلغي الدرس. استرد الطالب ‏١٢٫٥٠٠ د.ك.‏ في محفظته.')).toBeTruthy();
  });

  it('a closed window (409 cancellationClosed) says why, closes the dialog and reloads the list', async () => {
    const calls = mockApi({
      lists: {
        upcoming: [ok([reservation()]), ok([insideWindow()])],
      },
      cancel: {
        status: 409,
        body: { status: 409, code: 'cancellationClosed', message: 'Cancellation window closed' },
      },
    });
    await renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: en.cancel.button }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: en.cancel.confirm }));
    expect(
      await screen.findByText('This lesson can no longer be cancelled: cancellation closes 24 hours before the start.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByTestId('cancellation-closed')).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('a network failure keeps the dialog open to try again', async () => {
    mockApi({ lists: { upcoming: ok([reservation()]) } });
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: en.cancel.button }));
    const dialog = await screen.findByRole('dialog');
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(within(dialog).getByRole('button', { name: en.cancel.confirm }));
    // The toast shows in the dialog's toaster (and the page's, under the backdrop).
    expect(
      await screen.findAllByText("We couldn't reach the server. Check your internet connection."),
    ).not.toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
