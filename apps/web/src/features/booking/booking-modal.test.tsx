import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingQuoteResponse } from '@ustaz/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import arBooking from '../../../public/locales/ar/booking.json';
import arPayment from '../../../public/locales/ar/payment.json';
import enBooking from '../../../public/locales/en/booking.json';
import enPayment from '../../../public/locales/en/payment.json';
import { formatLessonMoment, formatLessonRange } from '../../shared/lib/dates/formats.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { type BookingModalData, openBooking } from '../../shared/money/money-modals.ts';
import { signedIn } from '../../shared/test/auth-test-data.ts';
import { type ApiAnswer, type ApiCall, type ApiRoute, inTurn, mockApi, ok } from '../../shared/test/mock-api.ts';
import {
  balanceResponse,
  bookingQuote,
  bookingResponse,
  bookingSlot,
  gatewayBookingResponse,
  paymentMethodsResponse,
  reservation,
} from '../../shared/test/money-test-data.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { BookingConfirmationModal } from './booking-confirmation-modal.tsx';
import { BookingModal } from './booking-modal.tsx';
import { PaymentMethodModal } from './payment-method-modal.tsx';
import { TopUpModal } from './top-up-modal.tsx';

const registry = {
  BOOKING_MODAL: BookingModal,
  BOOKING_CONFIRMATION: BookingConfirmationModal,
  PAYMENT_METHOD_SELECTION: PaymentMethodModal,
  TOP_UP_BALANCE: TopUpModal,
};

/** The quote of the asked slots at `prices` (KWD, by slot id; 12.500 otherwise), paid from the wallet. */
function quoteRoute(
  prices: Record<number, string> = {},
  overrides: Partial<BookingQuoteResponse> = {},
): (call: ApiCall) => ApiAnswer {
  return (call) => {
    const ids = (call.body as { timeSlotIds: number[] }).timeSlotIds;
    return ok(
      bookingQuote(
        overrides,
        ids.map((id) => ({ id, price: prices[id] ?? '12.500' })),
      ),
    );
  };
}

function api(routes: Record<string, ApiRoute> = {}) {
  return mockApi({
    'GET /api/v1/subscriptions/balance': ok(balanceResponse()),
    'GET /api/v1/payments/methods': ok(paymentMethodsResponse()),
    'POST /api/v1/booking/quote': quoteRoute(),
    'POST /api/v1/booking/single': ok(bookingResponse()),
    'POST /api/v1/booking/multiple': ok(bookingResponse()),
    ...routes,
  });
}

function draft(overrides: Partial<BookingModalData> = {}): BookingModalData {
  return {
    teacherName: 'Mona Al-Sabah',
    slots: [bookingSlot({ id: 101, timeRange: '6:00 – 7:00 PM', date: 'Saturday, March 14, 2099' })],
    onBooked: vi.fn(),
    ...overrides,
  };
}

async function openWith(data: BookingModalData, language: 'ar' | 'en' = 'en') {
  const view = await renderAppRoute(<main>teacher page</main>, {
    language,
    path: '/teachers/7',
    auth: signedIn(),
    registry,
  });
  act(() => openBooking(view.modal().openModal, data));
  return view;
}

/** Confirm in the booking modal once the quote has enabled it. */
async function clickConfirm() {
  const button = (await screen.findByRole('button', { name: enBooking.review.confirm })) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  await userEvent.click(button);
}

/** Confirm in the booking modal, then a choice in the payment-method modal. */
async function confirmWith(method: 'balance' | 'deema') {
  await clickConfirm();
  const choice = await screen.findByTestId(`payment-choice-${method}`);
  await waitFor(() => expect((choice as HTMLButtonElement).disabled).toBe(false));
  await userEvent.click(choice);
}

let toasts: { success: ReturnType<typeof vi.fn>; error: ReturnType<typeof vi.fn>; info: ReturnType<typeof vi.fn> };

beforeEach(() => {
  toasts = {
    success: vi.spyOn(notify, 'success').mockResolvedValue(undefined),
    error: vi.spyOn(notify, 'error').mockResolvedValue(undefined),
    info: vi.spyOn(notify, 'info').mockResolvedValue(undefined),
  } as never;
});

describe('BookingModal: review', () => {
  it.each(['ar', 'en'] as const)(
    '%s: lists each slot with time, date and price, the total and the wallet',
    async (language) => {
      const slots = [
        bookingSlot({ timeRange: '6:00 – 7:00 PM', date: 'Saturday, March 14, 2099', price: '12.500' }),
        bookingSlot({ timeRange: '8:00 – 9:00 PM', date: 'Saturday, March 14, 2099', price: '10' }),
      ];
      api({
        'GET /api/v1/subscriptions/balance': ok(balanceResponse({ balance: '40.000', remainingHours: 2 })),
        'POST /api/v1/booking/quote': quoteRoute({ [slots[0]?.id ?? 0]: '12.500', [slots[1]?.id ?? 0]: '10.000' }),
      });
      const texts = language === 'ar' ? arBooking : enBooking;
      const { missing } = await openWith(draft({ slots }), language);
      const dialog = await screen.findByRole('dialog', { name: texts.review.title });
      const rows = within(dialog).getAllByTestId('booking-slot');
      expect(rows).toHaveLength(2);
      expect(within(rows[0] as HTMLElement).getByText('6:00 – 7:00 PM')).toBeTruthy();
      expect(within(rows[0] as HTMLElement).getByText('Saturday, March 14, 2099')).toBeTruthy();
      expect(rows[0]?.textContent).toContain(formatKwd(12.5, language));
      expect(within(dialog).getByText('Mona Al-Sabah')).toBeTruthy();
      expect((await within(dialog).findByTestId('booking-total')).textContent).toBe(formatKwd(22.5, language));
      expect((await within(dialog).findByTestId('booking-balance')).textContent).toBe(formatKwd(40, language));
      // Subscription hours are shown when above zero, and here they cover the two hours.
      expect(within(dialog).getByTestId('booking-hours').textContent).toBe(language === 'ar' ? 'ساعتان' : '2 hours');
      expect(within(dialog).getByRole('button', { name: texts.review.confirm })).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: texts.review.cancel })).toBeTruthy();
      expect(missing).toEqual([]);
    },
  );

  it('until the quote answers: price-unavailable for a non-numeric price, the total checking, confirm disabled', async () => {
    api({ 'POST /api/v1/booking/quote': () => new Promise<ApiAnswer>(() => {}) });
    await openWith(draft({ slots: [bookingSlot({ price: '12.500' }), bookingSlot({ price: 'call us' })] }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(enBooking.review.priceUnavailable)).toBeTruthy();
    expect(within(dialog).queryByTestId('booking-total')).toBeNull();
    expect(within(dialog).getByText(enBooking.review.quoteLoading)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: enBooking.review.confirm }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await within(dialog).findByTestId('booking-balance');
    expect(within(dialog).queryByTestId('booking-hours')).toBeNull();
    expect(within(dialog).queryByTestId('booking-insufficient')).toBeNull();
  });

  it('the quoted price replaces a non-numeric page price', async () => {
    const slot = bookingSlot({ price: 'call us' });
    api({ 'POST /api/v1/booking/quote': quoteRoute({ [slot.id]: '7.000' }) });
    await openWith(draft({ slots: [slot] }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('booking-total')).textContent).toBe(formatKwd(7, 'en'));
    expect(within(dialog).getByTestId('booking-slot-price').textContent).toBe(formatKwd(7, 'en'));
  });

  it('renders nothing without slots', async () => {
    api();
    const { modal } = await openWith(draft({ slots: [] }));
    await waitFor(() => expect(modal().kind).toBe('UNDEFINED'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closing resets the note: the next booking starts clean', async () => {
    api();
    const data = draft();
    const { modal } = await openWith(data);
    await userEvent.type(await screen.findByLabelText(enBooking.review.noteLabel), 'Algebra please');
    await userEvent.click(screen.getByRole('button', { name: enBooking.review.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => openBooking(modal().openModal, data));
    expect(((await screen.findByLabelText(enBooking.review.noteLabel)) as HTMLTextAreaElement).value).toBe('');
  });
});

describe('BookingModal: booking', () => {
  it('confirm offers the wallet and Deema (not Payzah), then books, shows success and reloads the slots', async () => {
    const { callsTo } = api();
    const data = draft();
    const view = await openWith(data);
    await userEvent.type(await screen.findByLabelText(enBooking.review.noteLabel), '  Algebra please ');
    await clickConfirm();

    const methods = await screen.findByRole('dialog', { name: enPayment.method.title });
    expect(within(methods).getByTestId('payment-choice-balance')).toBeTruthy();
    expect(within(methods).getByTestId('payment-choice-deema')).toBeTruthy();
    expect(within(methods).queryByTestId('payment-choice-payzah')).toBeNull();
    expect(within(methods).getByText('Lessons with Mona Al-Sabah')).toBeTruthy();
    expect(within(methods).getByTestId('payment-price').textContent).toBe(formatKwd(12.5, 'en'));
    const balance = within(methods).getByTestId('payment-choice-balance') as HTMLButtonElement;
    await waitFor(() => expect(balance.disabled).toBe(false));
    await userEvent.click(balance);

    const success = await screen.findByTestId('booking-success');
    // The spec's BOOKING_CONFIRMATION kind shows it (issue 30 item 27).
    expect(view.modal().kind).toBe('BOOKING_CONFIRMATION');
    expect(within(success).getByRole('heading', { name: enBooking.success.title })).toBeTruthy();
    expect(within(success).getByTestId('booking-paid-with').textContent).toBe(
      `Paid from your wallet. Balance now: ${formatKwd(17.5, 'en')}`,
    );
    expect(data.onBooked).toHaveBeenCalledTimes(1);
    // One message (issue 30): the dialog says it, no success toast beside it.
    await new Promise((done) => setTimeout(done, 10));
    expect(toasts.success).not.toHaveBeenCalled();

    const [call] = callsTo('POST /api/v1/booking/single');
    expect(call?.body).toEqual({
      timeSlotId: 101,
      note: 'Algebra please',
      paymentMethod: 'balance',
      language: 'en',
      expectedTotal: '12.500',
    });
    expect(call?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);

    await userEvent.click(within(success).getByRole('button', { name: enBooking.success.ok }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows submitting while the booking is on its way', async () => {
    let answer: (value: ApiAnswer) => void = () => {};
    api({ 'POST /api/v1/booking/single': () => new Promise((resolve) => (answer = resolve)) });
    await openWith(draft());
    await confirmWith('balance');
    expect(await screen.findByTestId('booking-submitting')).toBeTruthy();
    expect(screen.getByRole('heading', { name: enBooking.submitting.title })).toBeTruthy();
    answer(ok(bookingResponse()));
    expect(await screen.findByTestId('booking-success')).toBeTruthy();
  });

  it('books several slots with /multiple', async () => {
    const { callsTo } = api();
    await openWith(draft({ slots: [bookingSlot({ id: 201 }), bookingSlot({ id: 202 })] }));
    await confirmWith('balance');
    await screen.findByTestId('booking-success');
    expect(callsTo('POST /api/v1/booking/multiple')[0]?.body).toEqual({
      timeSlotIds: [201, 202],
      paymentMethod: 'balance',
      note: '',
      language: 'en',
      expectedTotal: '25.000',
    });
    expect(callsTo('POST /api/v1/booking/single')).toHaveLength(0);
  });

  it('a taken slot shows the failure view (no toast repeats it); retry returns to the review with the note and reuses the key', async () => {
    const { callsTo } = api({
      'POST /api/v1/booking/single': inTurn(
        { status: 409, body: { status: 409, code: 'slotUnavailable', message: 'Slot is no longer available' } },
        ok(bookingResponse()),
      ),
    });
    const data = draft();
    await openWith(data);
    await userEvent.type(await screen.findByLabelText(enBooking.review.noteLabel), 'Chapter 3');
    await confirmWith('balance');

    const failure = await screen.findByTestId('booking-failure');
    expect(within(failure).getByRole('heading', { name: enBooking.failure.title })).toBeTruthy();
    expect(within(failure).getByTestId('booking-error').textContent).toBe(enPayment.errors.slotUnavailable);
    // One message (issue 30 item 2): the dialog says it, no toast at the same time.
    await new Promise((done) => setTimeout(done, 10));
    expect(toasts.error).not.toHaveBeenCalled();
    // The page reloads its slots: the taken one drops out.
    expect(data.onBooked).toHaveBeenCalledTimes(1);

    await userEvent.click(within(failure).getByRole('button', { name: enBooking.failure.retry }));
    expect(((await screen.findByLabelText(enBooking.review.noteLabel)) as HTMLTextAreaElement).value).toBe('Chapter 3');
    await confirmWith('balance');
    await screen.findByTestId('booking-success');

    const [first, second] = callsTo('POST /api/v1/booking/single');
    expect(second?.headers.get('idempotency-key')).toBe(first?.headers.get('idempotency-key'));
  });

  it('payments waiting (429): one message, in the dialog; closed before the answer, a toast says it instead', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    api({
      'POST /api/v1/booking/single': inTurn(
        { status: 429, body: { status: 429, code: 'tooManyPendingPayments', message: 'Too many' } },
        { status: 429, body: { status: 429, code: 'tooManyPendingPayments', message: 'Too many' } },
      ),
    });
    await openWith(draft());
    await confirmWith('balance');
    const failure = await screen.findByTestId('booking-failure');
    expect(within(failure).getByTestId('booking-error').textContent).toBe(enPayment.errors.tooManyPendingPayments);
    await new Promise((done) => setTimeout(done, 10));
    expect(toasts.error).not.toHaveBeenCalled();

    // Again, but the student closes the dialog while the request is on its way.
    api({
      'POST /api/v1/booking/single': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    await userEvent.click(within(failure).getByRole('button', { name: enBooking.failure.retry }));
    await confirmWith('balance');
    await screen.findByTestId('booking-submitting');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('booking-submitting')).toBeNull());
    answer({ status: 429, body: { status: 429, code: 'tooManyPendingPayments', message: 'Too many' } });
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(enPayment.errors.tooManyPendingPayments));
    expect(toasts.error).toHaveBeenCalledTimes(1);
  });

  it('a changed note after a failure is a new attempt with a new key', async () => {
    const { callsTo } = api({
      'POST /api/v1/booking/single': inTurn(
        { status: 502, body: { status: 502, code: 'gatewayError', message: 'Bad gateway' } },
        ok(bookingResponse()),
      ),
    });
    await openWith(draft());
    await confirmWith('balance');
    await userEvent.click(await screen.findByRole('button', { name: enBooking.failure.retry }));
    await userEvent.type(await screen.findByLabelText(enBooking.review.noteLabel), 'x');
    await confirmWith('balance');
    await screen.findByTestId('booking-success');
    const [first, second] = callsTo('POST /api/v1/booking/single');
    expect(second?.headers.get('idempotency-key')).not.toBe(first?.headers.get('idempotency-key'));
  });

  it('a FAILED payment status is a failure', async () => {
    api({ 'POST /api/v1/booking/single': ok(bookingResponse({ paymentStatus: 'FAILED' })) });
    const data = draft();
    await openWith(data);
    await confirmWith('deema');
    const failure = await screen.findByTestId('booking-failure');
    expect(within(failure).getByTestId('booking-error').textContent).toBe(enPayment.errors.paymentFailed);
    await new Promise((done) => setTimeout(done, 10));
    expect(toasts.error).not.toHaveBeenCalled();
    expect(data.onBooked).not.toHaveBeenCalled();
  });

  it('a payment link opens in a new tab with the initiation toast, and the slots are held', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { callsTo } = api({
      'GET /api/v1/payments/methods': ok(paymentMethodsResponse('5.000')),
      'POST /api/v1/booking/single': ok(gatewayBookingResponse({ holdExpiresAt: '2099-03-14T14:00:00.000Z' })),
    });
    const data = draft();
    await openWith(data);
    await confirmWith('deema');
    const success = await screen.findByTestId('booking-success');
    expect(open).toHaveBeenCalledWith('https://pay.example/checkout/abc', '_blank');
    expect(toasts.info).toHaveBeenCalledWith(enBooking.toast.paymentStarted, { id: 'payment-started:pay_1' });
    expect(within(success).getByRole('heading', { name: enBooking.success.pendingTitle })).toBeTruthy();
    expect(within(success).getByRole('link', { name: enBooking.success.openPaymentPage }).getAttribute('href')).toBe(
      'https://pay.example/checkout/abc',
    );
    expect(data.onBooked).toHaveBeenCalledTimes(1);
    expect(callsTo('POST /api/v1/booking/single')[0]?.body).toMatchObject({ paymentMethod: 'deema' });
  });

  it('a blocked tab says so and keeps the link', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    api({
      'GET /api/v1/payments/methods': ok(paymentMethodsResponse('1.000')),
      'POST /api/v1/booking/single': ok(
        bookingResponse({ paymentStatus: 'PENDING', paidWith: 'deema', paymentLink: 'https://pay.example/x' }),
      ),
    });
    await openWith(draft());
    await confirmWith('deema');
    const success = await screen.findByTestId('booking-success');
    expect(within(success).getByText(enBooking.success.pendingBlocked)).toBeTruthy();
  });

  it('cancelling the payment method returns to the review with the note', async () => {
    api();
    await openWith(draft());
    await userEvent.type(await screen.findByLabelText(enBooking.review.noteLabel), 'Keep me');
    await clickConfirm();
    await userEvent.click(await screen.findByRole('button', { name: enPayment.method.cancel }));
    expect(((await screen.findByLabelText(enBooking.review.noteLabel)) as HTMLTextAreaElement).value).toBe('Keep me');
  });
});

describe('BookingModal: not enough in the wallet', () => {
  // Issue 30 item 5: not "Paying from your balance … short by", but the balance, what is missing and one flow.
  it.each([
    ['ar', arBooking],
    ['en', enBooking],
  ] as const)(
    '%s: says what is missing and tops up exactly that by KNET and books, in one flow',
    async (language, texts) => {
      vi.spyOn(window, 'open').mockReturnValue({} as Window);
      const { callsTo } = api({
        'GET /api/v1/subscriptions/balance': ok(balanceResponse({ balance: '5.000', remainingHours: 0 })),
        'POST /api/v1/booking/quote': quoteRoute({ 101: '12.000' }, { balance: '5.000', sufficient: false }),
        'POST /api/v1/booking/single': ok(
          bookingResponse({
            paymentStatus: 'PENDING',
            paidWith: 'wallet',
            paymentLink: 'https://pay.example/top-up',
            topUp: '7.000',
          }),
        ),
      });
      await openWith(draft(), language);
      const offer = await screen.findByTestId('booking-insufficient');
      const balance = formatKwd('5.000', language) ?? '';
      const amount = formatKwd(7, language) ?? '';
      expect(within(offer).getByTestId('booking-shortfall').textContent).toBe(
        texts.review.shortfall.replace('{{balance}}', balance).replace('{{amount}}', amount),
      );
      expect(screen.queryByText(texts.review.payingFromBalance)).toBeNull();
      expect(screen.queryByTestId('booking-split')).toBeNull();
      const button = within(offer).getByRole('button', {
        name: texts.review.topUpAndBook.replace('{{amount}}', amount),
      });
      await userEvent.click(button);

      const success = await screen.findByTestId('booking-success');
      expect(callsTo('POST /api/v1/booking/single')[0]?.body).toMatchObject({
        timeSlotId: 101,
        paymentMethod: 'balance',
        topUpWith: 'payzah',
        expectedTotal: '12.000',
      });
      expect(window.open).toHaveBeenCalledWith('https://pay.example/top-up', '_blank');
      expect(within(success).getByTestId('booking-top-up-pending').textContent).toBe(
        texts.success.topUpPending.replace('{{amount}}', amount),
      );
    },
  );

  // Issue 30: one way forward is styled as the main action; the other choices are outlined.
  it.each([
    ['ar', arBooking],
    ['en', enBooking],
  ] as const)(
    '%s: the short-wallet review has exactly one primary button, the top-up and book',
    async (language, texts) => {
      api({
        'GET /api/v1/subscriptions/balance': ok(balanceResponse({ balance: '5.000', remainingHours: 0 })),
        'POST /api/v1/booking/quote': quoteRoute({ 101: '12.000' }, { balance: '5.000', sufficient: false }),
      });
      await openWith(draft(), language);
      const offer = await screen.findByTestId('booking-insufficient');
      const dialog = screen.getByRole('dialog', { name: texts.review.title });
      const primary = within(dialog)
        .getAllByRole('button')
        .filter((button) => button.className.split(' ').includes('bg-primary'));
      expect(primary).toEqual([within(offer).getByTestId('booking-top-up-and-book')]);
      // Still there, outlined: another way to pay (the gateway) from the payment choice.
      expect(within(dialog).getByRole('button', { name: texts.review.confirm }).className).toContain(
        'border-slate-300',
      );
    },
  );

  it('the top-up-and-book button waits for the acknowledgement of lessons that cannot be cancelled', async () => {
    api({
      'GET /api/v1/subscriptions/balance': ok(balanceResponse({ balance: '5.000', remainingHours: 0 })),
      'POST /api/v1/booking/quote': ok(
        bookingQuote({ balance: '5.000', sufficient: false }, [{ id: 101, price: '12.000', cancellable: false }]),
      ),
    });
    await openWith(draft());
    const offer = await screen.findByTestId('booking-insufficient');
    const button = within(offer).getByTestId('booking-top-up-and-book') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await userEvent.click(within(await screen.findByTestId('booking-acknowledge')).getByRole('checkbox'));
    await waitFor(() => expect(button.disabled).toBe(false));
  });

  it('the wallet choice is disabled with the reason; subscription hours that cover make it enough', async () => {
    api({
      'GET /api/v1/subscriptions/balance': ok(balanceResponse({ balance: '1.000', remainingHours: 0 })),
      'POST /api/v1/booking/quote': quoteRoute({}, { balance: '1.000', sufficient: false }),
    });
    await openWith(draft());
    await clickConfirm();
    const balance = (await screen.findByTestId('payment-choice-balance')) as HTMLButtonElement;
    await waitFor(() => expect(balance.textContent).toContain(enPayment.method.insufficientForBooking));
    expect(balance.disabled).toBe(true);
  });

  it('an insufficientBalance answer offers the top-up in the failure view', async () => {
    let spent = false;
    const slot = bookingSlot({ price: '1.500' });
    api({
      'GET /api/v1/subscriptions/balance': () => ok(balanceResponse({ balance: spent ? '0.500' : '2.000' })),
      'POST /api/v1/booking/quote': (call) =>
        quoteRoute(
          { [slot.id]: '1.500' },
          spent ? { balance: '0.500', sufficient: false } : { balance: '2.000' },
        )(call),
      'GET /api/v1/payments/methods': ok(paymentMethodsResponse('1.000')),
      'POST /api/v1/booking/single': () => {
        spent = true;
        return { status: 422, body: { status: 422, errors: { balance: 'insufficientBalance' } } };
      },
    });
    // The wallet looked enough when the modal opened (another tab spent it meanwhile).
    await openWith(draft({ slots: [slot] }));
    await confirmWith('balance');
    const failure = await screen.findByTestId('booking-failure');
    expect(within(failure).getByTestId('booking-error').textContent).toBe(enPayment.errors.insufficientBalance);
    const topUpButton = await within(failure).findByRole('button', { name: enBooking.review.topUp });
    // One primary action (issue 30): the top-up; trying again as it is would fail the same way.
    expect(
      within(failure)
        .getAllByRole('button')
        .filter((button) => button.className.split(' ').includes('bg-primary')),
    ).toEqual([topUpButton]);
    await userEvent.click(topUpButton);
    const topUp = await screen.findByRole('dialog', { name: enPayment.topUp.title });
    expect(within(topUp).getByTestId('top-up-required').textContent).toBe(formatKwd(1, 'en'));
  });
});

describe('BookingModal: the quote (hours + wallet split, price lock)', () => {
  const split = { subscriptionHours: 1, subscriptionValue: '9.000', wallet: '6.000' };

  it.each(['ar', 'en'] as const)(
    '%s: shows how the balance splits the total, here and on the payment step',
    async (language) => {
      const slot = bookingSlot({ price: '15.000' });
      api({
        'GET /api/v1/subscriptions/balance': ok(balanceResponse({ balance: '20.000', remainingHours: 1 })),
        'POST /api/v1/booking/quote': quoteRoute({ [slot.id]: '15.000' }, { breakdown: split, balance: '20.000' }),
      });
      const { missing } = await openWith(draft({ slots: [slot] }), language);
      const dialog = await screen.findByRole('dialog');
      const hours = language === 'ar' ? 'ساعة واحدة' : '1 hour';
      const expected =
        language === 'ar'
          ? `${hours} من اشتراكك (${formatKwd(9, 'ar')})، و${formatKwd(6, 'ar')} من محفظتك`
          : `${hours} from your subscription (${formatKwd(9, 'en')}), ${formatKwd(6, 'en')} from your wallet`;
      expect((await within(dialog).findByTestId('booking-split')).textContent).toBe(expected);
      expect(within(dialog).getByTestId('booking-total').textContent).toBe(formatKwd(15, language));
      expect(within(dialog).queryByTestId('booking-insufficient')).toBeNull();
      expect(missing).toEqual([]);

      const button = within(dialog).getByRole('button', {
        name: (language === 'ar' ? arBooking : enBooking).review.confirm,
      });
      await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
      await userEvent.click(button);
      const balance = await screen.findByTestId('payment-choice-balance');
      await waitFor(() => expect(balance.textContent).toContain(expected));
      expect((balance as HTMLButtonElement).disabled).toBe(false);
    },
  );

  it('too little wallet for its part: the insufficient-balance path with the top-up of what is lacking', async () => {
    const slot = bookingSlot({ price: '15.000' });
    api({
      'GET /api/v1/subscriptions/balance': ok(balanceResponse({ balance: '2.000', remainingHours: 1 })),
      'POST /api/v1/booking/quote': quoteRoute(
        { [slot.id]: '15.000' },
        { breakdown: split, balance: '2.000', sufficient: false },
      ),
    });
    await openWith(draft({ slots: [slot] }));
    const offer = await screen.findByTestId('booking-insufficient');
    expect(offer.textContent).toContain(formatKwd(4, 'en'));
    await clickConfirm();
    const balance = (await screen.findByTestId('payment-choice-balance')) as HTMLButtonElement;
    await waitFor(() => expect(balance.textContent).toContain(enPayment.method.insufficientForBooking));
    expect(balance.disabled).toBe(true);
  });

  it('sends the quoted total as expectedTotal, not the page price, and the success view shows the split paid', async () => {
    const slot = bookingSlot({ id: 301, price: '12.500' });
    const { callsTo } = api({
      'POST /api/v1/booking/quote': quoteRoute({ 301: '15.000' }, { breakdown: split }),
      'POST /api/v1/booking/single': ok(
        bookingResponse({ paidWith: 'subscription', breakdown: split, balance: '14.000' }),
      ),
    });
    await openWith(draft({ slots: [slot] }));
    await confirmWith('balance');
    const success = await screen.findByTestId('booking-success');
    expect(callsTo('POST /api/v1/booking/single')[0]?.body).toMatchObject({ timeSlotId: 301, expectedTotal: '15.000' });
    expect(within(success).getByTestId('booking-paid-with').textContent).toBe(
      `Paid with 1 hour from your subscription (${formatKwd(9, 'en')}) and ${formatKwd(6, 'en')} from your wallet. Balance now: ${formatKwd(14, 'en')}`,
    );
  });

  it('a price changed meanwhile: the review again with the old and new price; nothing more until confirmed again', async () => {
    let price = '12.500';
    let bookings = 0;
    const slot = bookingSlot({ id: 401, price: '12.500' });
    const { callsTo } = api({
      'POST /api/v1/booking/quote': (call) => quoteRoute({ 401: price })(call),
      'POST /api/v1/booking/single': () => {
        bookings += 1;
        if (bookings === 1) {
          // The teacher repriced the slot after the student saw it.
          price = '14.000';
          return {
            status: 409,
            body: { status: 409, code: 'priceChanged', message: 'The price of these slots is now 14.000 KWD' },
          };
        }
        return ok(bookingResponse({ balance: '16.000' }));
      },
    });
    const data = draft({ slots: [slot] });
    await openWith(data);
    await userEvent.type(await screen.findByLabelText(enBooking.review.noteLabel), 'Keep');
    await confirmWith('balance');

    const notice = await screen.findByTestId('booking-price-changed');
    await waitFor(() =>
      expect(notice.textContent).toContain(
        `The price changed from ${formatKwd(12.5, 'en')} to ${formatKwd(14, 'en')}. Check the new price and confirm again.`,
      ),
    );
    expect(screen.getByTestId('booking-total').textContent).toBe(formatKwd(14, 'en'));
    expect(screen.getByTestId('booking-slot-price').textContent).toBe(formatKwd(14, 'en'));
    await new Promise((done) => setTimeout(done, 10));
    expect(toasts.error).not.toHaveBeenCalled();
    // The page reloads its slots; the note is kept; no second booking was tried on its own.
    expect(data.onBooked).toHaveBeenCalledTimes(1);
    expect(((await screen.findByLabelText(enBooking.review.noteLabel)) as HTMLTextAreaElement).value).toBe('Keep');
    expect(callsTo('POST /api/v1/booking/single')).toHaveLength(1);

    await confirmWith('balance');
    await screen.findByTestId('booking-success');
    const [first, second] = callsTo('POST /api/v1/booking/single');
    expect(first?.body).toMatchObject({ expectedTotal: '12.500' });
    expect(second?.body).toMatchObject({ expectedTotal: '14.000', note: 'Keep' });
    expect(second?.headers.get('idempotency-key')).not.toBe(first?.headers.get('idempotency-key'));
  });

  it.each([
    [409, 'teacherUnavailable'],
    [429, 'tooManyPendingPayments'],
    [409, 'teacherSlotsHeld'],
  ] as const)('a %s %s answer is said in words in the failure view', async (status, code) => {
    api({
      'GET /api/v1/payments/methods': ok(paymentMethodsResponse('1.000')),
      'POST /api/v1/booking/single': { status, body: { status, code, message: 'English only' } },
    });
    await openWith(draft());
    await confirmWith('deema');
    const failure = await screen.findByTestId('booking-failure');
    expect(within(failure).getByTestId('booking-error').textContent).toBe(enPayment.errors[code]);
    expect(arPayment.errors[code]).not.toBe(enPayment.errors[code]);
  });

  it('a quote refused (a teacher no longer listed) says why, offers to check again and keeps confirm disabled', async () => {
    api({
      'POST /api/v1/booking/quote': {
        status: 409,
        body: { status: 409, code: 'teacherUnavailable', message: 'This teacher is not taking bookings' },
      },
    });
    const data = draft();
    await openWith(data);
    const error = await screen.findByTestId('booking-quote-error');
    expect(error.textContent).toContain(enPayment.errors.teacherUnavailable);
    expect(within(error).getByRole('button', { name: enBooking.review.quoteRetry })).toBeTruthy();
    expect((screen.getByRole('button', { name: enBooking.review.confirm }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(data.onBooked).toHaveBeenCalled());
  });
});

describe('BookingModal: honest terms (24 h cancellation window)', () => {
  it('shows each slot deadline in the viewer zone; a slot inside the window needs the tick before confirming', async () => {
    const slots = [bookingSlot({ id: 501 }), bookingSlot({ id: 502 })];
    // The quote says 501 starts within 24 hours.
    const quote = bookingQuote({}, [{ id: 501, cancellable: false }, { id: 502 }]);
    api({ 'POST /api/v1/booking/quote': ok(quote) });
    const data = draft({ slots });
    await openWith(data);
    const rows = await screen.findAllByTestId('booking-slot');
    await waitFor(() => expect(within(rows[0] as HTMLElement).getByTestId('booking-slot-terms')).toBeTruthy());
    expect(within(rows[0] as HTMLElement).getByTestId('booking-slot-terms').textContent).toContain(
      enBooking.review.notCancellable,
    );
    const deadline = formatLessonMoment(quote.slots[1]?.cancelDeadline ?? '', 'en');
    expect(deadline).not.toBe('');
    expect(within(rows[1] as HTMLElement).getByTestId('booking-slot-terms').textContent).toBe(
      `Free cancellation until ${deadline}`,
    );

    const confirm = screen.getByRole('button', { name: enBooking.review.confirm }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(screen.getByText(enBooking.review.acknowledgeNeeded)).toBeTruthy();
    const tick = screen.getByRole('checkbox', { name: enBooking.review.acknowledge_one });
    await userEvent.click(tick);
    expect(confirm.disabled).toBe(false);
    await userEvent.click(tick);
    expect(confirm.disabled).toBe(true);
    await userEvent.click(tick);
    await userEvent.click(confirm);

    // The payment step repeats the terms; the tick carries over, and unticking blocks every choice.
    const terms = await screen.findByTestId('payment-terms');
    const items = within(terms).getAllByTestId('payment-term');
    expect(items[0]?.textContent).toContain(enBooking.review.notCancellable);
    expect(items[1]?.textContent).toContain(`Free cancellation until ${deadline}`);
    const again = within(terms).getByRole('checkbox', { name: enBooking.review.acknowledge_one }) as HTMLInputElement;
    expect(again.checked).toBe(true);
    const balance = screen.getByTestId('payment-choice-balance') as HTMLButtonElement;
    await waitFor(() => expect(balance.disabled).toBe(false));
    await userEvent.click(again);
    expect(balance.disabled).toBe(true);
    expect((screen.getByTestId('payment-choice-deema') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('payment-acknowledge-first').textContent).toBe(enPayment.method.acknowledgeFirst);
    await userEvent.click(again);
    await waitFor(() => expect(balance.disabled).toBe(false));
    await userEvent.click(balance);
    await screen.findByTestId('booking-success');
  });

  it('the success view names the teacher, each lesson date and time, and its cancellation deadline', async () => {
    const booked = reservation({
      startTime: '2099-03-14T15:00:00.000Z',
      endTime: '2099-03-14T16:00:00.000Z',
      cancelDeadline: '2099-03-13T15:00:00.000Z',
    });
    api({ 'POST /api/v1/booking/single': ok(bookingResponse({ reservations: [booked] })) });
    await openWith(draft());
    await confirmWith('balance');
    const lessons = await screen.findByTestId('booking-lessons');
    expect(lessons.textContent).toContain('Your lessons with \u2068Mona Al-Sabah\u2069');
    const [lesson] = within(lessons).getAllByTestId('booking-lesson');
    expect(lesson?.textContent).toContain(formatLessonRange(booked.startTime, booked.endTime, 'en'));
    expect(lesson?.textContent).toContain(`Free cancellation until ${formatLessonMoment(booked.cancelDeadline, 'en')}`);
  });
});
