import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import arPayment from '../../../public/locales/ar/payment.json';
import enPayment from '../../../public/locales/en/payment.json';
import { formatKwd } from '../../shared/lib/format.ts';
import { openTopUp, type TopUpModalData } from '../../shared/money/money-modals.ts';
import { BALANCE_QUERY_KEY } from '../../shared/money/use-balance.ts';
import { signedIn } from '../../shared/test/auth-test-data.ts';
import { itInEachLanguage } from '../../shared/test/each-language.ts';
import { type ApiRoute, mockApi, ok } from '../../shared/test/mock-api.ts';
import { balanceResponse, paymentMethodsResponse } from '../../shared/test/money-test-data.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { TopUpModal } from './top-up-modal.tsx';

const LINK = 'https://pay.example/top-up/1';

function api(routes: Record<string, ApiRoute> = {}) {
  return mockApi({
    'GET /api/v1/subscriptions/balance': ok(balanceResponse({ balance: '3.500' })),
    'GET /api/v1/payments/methods': ok(paymentMethodsResponse('10.000')),
    'POST /api/v1/balance/top-up/payzah': ok({ paymentLink: LINK, paymentId: 'pay_1' }),
    'POST /api/v1/balance/top-up/deema': ok({ paymentLink: LINK, paymentId: 'pay_2' }),
    ...routes,
  });
}

async function open(data: TopUpModalData = {}, language: 'ar' | 'en' = 'en', onClose = vi.fn()) {
  const view = await renderAppRoute(<main>page</main>, {
    language,
    path: '/profile',
    auth: signedIn(),
    registry: { TOP_UP_BALANCE: TopUpModal },
  });
  act(() => openTopUp(view.modal().openModal, data, { onClose }));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(within(dialog).getByTestId('top-up-balance').textContent).toBe(formatKwd(3.5, language)));
  return { ...view, dialog, onClose };
}

function amountField() {
  return screen.getByRole('textbox') as HTMLInputElement;
}

beforeEach(() => {
  vi.spyOn(notify, 'error').mockResolvedValue(undefined);
  vi.spyOn(notify, 'info').mockResolvedValue(undefined);
});

describe('TopUpModal', () => {
  itInEachLanguage(
    'shows the balance, a numeric amount field and the two providers',
    { ar: arPayment, en: enPayment },
    async (language, texts) => {
      api();
      const { dialog, missing } = await open({}, language);
      expect(within(dialog).getByRole('heading', { name: texts.topUp.title })).toBeTruthy();
      const field = amountField();
      // A text field with the decimal keypad: type="number" would empty itself on Arabic digits.
      expect(field.type).toBe('text');
      expect(field.inputMode).toBe('decimal');
      expect(within(dialog).getByTestId('top-up-provider-payzah').textContent).toContain(texts.methods.payzah);
      expect(within(dialog).getByTestId('top-up-provider-deema').textContent).toContain(texts.methods.deema);
      expect(within(dialog).getByRole('button', { name: texts.topUp.cancel })).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: texts.topUp.submit })).toBeTruthy();
      // Not from a booking: no required amount, no go-to-profile button.
      expect(within(dialog).queryByTestId('top-up-required')).toBeNull();
      expect(within(dialog).queryByRole('link', { name: texts.topUp.goToProfile })).toBeNull();
      expect(missing).toEqual([]);
    },
  );

  it.each([
    ['empty', '', enPayment.topUp.errors.invalidAmount],
    ['zero', '0', enPayment.topUp.errors.invalidAmount],
    ['negative', '-5', enPayment.topUp.errors.invalidAmount],
    ['four decimals', '12.3456', enPayment.topUp.errors.tooManyDecimals],
  ])('refuses an amount that is %s, with the error on the field and a toast', async (_case, typed, message) => {
    const { callsTo } = api();
    await open();
    if (typed) await userEvent.type(amountField(), typed);
    await userEvent.click(screen.getByRole('button', { name: enPayment.topUp.submit }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(amountField().getAttribute('aria-invalid')).toBe('true');
    expect(notify.error).toHaveBeenCalledWith(message);
    expect(callsTo('POST /api/v1/balance/top-up/payzah')).toHaveLength(0);
  });

  it('a valid amount tops up with Payzah (K-Net), opens the link, closes and refreshes the balance', async () => {
    const open$ = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { callsTo } = api();
    const onSuccess = vi.fn();
    const { queryClient, onClose } = await open({ onSuccess });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.type(amountField(), '12.5');
    await userEvent.click(screen.getByRole('button', { name: enPayment.topUp.submit }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST /api/v1/balance/top-up/payzah')[0]?.body).toEqual({
      amount: '12.5',
      language: 'en',
      options: { payment_type: '1' },
    });
    expect(open$).toHaveBeenCalledWith(LINK, '_blank');
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: BALANCE_QUERY_KEY });
    expect(notify.info).toHaveBeenCalledWith(enPayment.topUp.started, undefined);
  });

  it.each([
    ['Arabic-Indic digits and the Arabic decimal separator', '١٠٫٥', '10.5'],
    ['Persian digits', '۱۲', '12'],
    ['an Arabic thousands separator', '١٬٠٠٠', '1000'],
  ])('reads %s as the amount (%s is sent as %s)', async (_case, typed, sent) => {
    vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { callsTo } = api();
    await open({}, 'ar');
    await userEvent.type(amountField(), typed);
    expect(amountField().value).toBe(typed);
    await userEvent.click(screen.getByRole('button', { name: arPayment.topUp.submit }));
    await waitFor(() => expect(callsTo('POST /api/v1/balance/top-up/payzah')).toHaveLength(1));
    expect(callsTo('POST /api/v1/balance/top-up/payzah')[0]?.body).toMatchObject({ amount: sent, language: 'ar' });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('Deema is disabled with its minimum below it, and tops up with no options from it on', async () => {
    vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { callsTo } = api();
    await open({}, 'ar');
    await userEvent.type(amountField(), '9');
    const deema = screen.getByTestId('top-up-provider-deema');
    const radio = within(deema).getByRole('radio') as HTMLInputElement;
    expect(radio.disabled).toBe(true);
    expect(deema.textContent).toContain(arPayment.method.belowMinimum.replace('{{amount}}', formatKwd(10, 'ar') ?? ''));

    await userEvent.clear(amountField());
    await userEvent.type(amountField(), '10');
    expect(radio.disabled).toBe(false);
    await userEvent.click(radio);
    await userEvent.click(screen.getByRole('button', { name: arPayment.topUp.submit }));
    await waitFor(() => expect(callsTo('POST /api/v1/balance/top-up/deema')).toHaveLength(1));
    expect(callsTo('POST /api/v1/balance/top-up/deema')[0]?.body).toEqual({
      amount: '10',
      language: 'ar',
      options: {},
    });
  });

  it('an answer without a link is a top-up error toast, and the modal stays', async () => {
    api({ 'POST /api/v1/balance/top-up/payzah': ok({ paymentId: 'pay_3', paymentLink: '' }) });
    await open();
    await userEvent.type(amountField(), '5');
    await userEvent.click(screen.getByRole('button', { name: enPayment.topUp.submit }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(enPayment.topUp.errors.noLink));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('a refused amount from the server shows its translated message', async () => {
    api({
      'POST /api/v1/balance/top-up/payzah': { status: 502, body: { status: 502, code: 'gatewayError', message: 'x' } },
    });
    await open();
    await userEvent.type(amountField(), '5');
    await userEvent.click(screen.getByRole('button', { name: enPayment.topUp.submit }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(enPayment.errors.gatewayError));
  });

  it('from a booking: the required amount is shown and filled in, and go-to-profile leaves without coming back', async () => {
    api();
    const { dialog, onClose, router } = await open({ requiredAmount: '7.250', fromBooking: true });
    expect(within(dialog).getByTestId('top-up-required').textContent).toBe(formatKwd(7.25, 'en'));
    expect(amountField().value).toBe('7.25');
    await userEvent.click(within(dialog).getByRole('link', { name: enPayment.topUp.goToProfile }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/profile'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
