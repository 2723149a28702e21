import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentMethod } from '@ustaz/contract/constants';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import arPayment from '../../../public/locales/ar/payment.json';
import enPayment from '../../../public/locales/en/payment.json';
import { formatKwd } from '../../shared/lib/format.ts';
import { openPaymentMethod, type PaymentMethodModalData } from '../../shared/money/money-modals.ts';
import { signedIn } from '../../shared/test/auth-test-data.ts';
import { itInEachLanguage } from '../../shared/test/each-language.ts';
import { type ApiRoute, mockApi, ok } from '../../shared/test/mock-api.ts';
import { balanceResponse, paymentMethodsResponse } from '../../shared/test/money-test-data.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { methodsFor, PaymentMethodModal } from './payment-method-modal.tsx';

function api(routes: Record<string, ApiRoute> = {}) {
  return mockApi({
    'GET /api/v1/subscriptions/balance': ok(balanceResponse({ balance: '50.000' })),
    'GET /api/v1/payments/methods': ok(paymentMethodsResponse('10.000')),
    ...routes,
  });
}

function data(overrides: Partial<PaymentMethodModalData> = {}): PaymentMethodModalData {
  return {
    context: 'subscription',
    item: { name: 'Starter', nameAr: 'باقة البداية', hours: 5, price: '45.000' },
    onSelect: vi.fn(),
    ...overrides,
  };
}

async function open(modalData: PaymentMethodModalData, language: 'ar' | 'en' = 'en') {
  const view = await renderAppRoute(<main>page</main>, {
    language,
    path: '/subscriptions',
    auth: signedIn(),
    registry: { PAYMENT_METHOD_SELECTION: PaymentMethodModal },
  });
  act(() => openPaymentMethod(view.modal().openModal, modalData));
  const dialog = await screen.findByRole('dialog');
  // Wait for the balance and the providers' list.
  await waitFor(() => expect(within(dialog).queryByText(enPayment.method.checking)).toBeNull());
  await waitFor(() =>
    expect(within(dialog).getByTestId('payment-choice-balance').textContent).toContain(formatKwd(50, language)),
  );
  return { ...view, dialog };
}

function choice(method: PaymentMethod) {
  return screen.getByTestId(`payment-choice-${method}`) as HTMLButtonElement;
}

beforeEach(() => {
  vi.spyOn(notify, 'error').mockResolvedValue(undefined);
});

describe('methodsFor (spec 9)', () => {
  it('offers Payzah only when buying a subscription', () => {
    expect(methodsFor('subscription')).toEqual(['balance', 'payzah', 'deema']);
    expect(methodsFor('booking')).toEqual(['balance', 'deema']);
  });
});

describe('PaymentMethodModal', () => {
  itInEachLanguage(
    'shows the package name, hours and price, and the three choices',
    { ar: arPayment, en: enPayment },
    async (language, texts) => {
      api();
      const { dialog, missing } = await open(data(), language);
      expect(within(dialog).getByRole('heading', { name: texts.method.title })).toBeTruthy();
      const item = within(dialog).getByTestId('payment-item');
      expect(within(item).getByText(language === 'ar' ? 'باقة البداية' : 'Starter')).toBeTruthy();
      expect(item.textContent).toContain(language === 'ar' ? '٥ ساعات' : '5 hours');
      expect(within(item).getByTestId('payment-price').textContent).toBe(formatKwd(45, language));
      for (const method of ['balance', 'payzah', 'deema'] as const) {
        expect(choice(method).textContent).toContain(texts.methods[method]);
        expect(choice(method).disabled).toBe(false);
      }
      expect(missing).toEqual([]);
    },
  );

  it('has no Payzah choice in the booking context', async () => {
    api();
    await open(data({ context: 'booking', item: { name: 'Lessons', nameAr: 'دروس', hours: 1, price: '12.000' } }));
    expect(screen.queryByTestId('payment-choice-payzah')).toBeNull();
    expect(choice('balance')).toBeTruthy();
    expect(choice('deema').disabled).toBe(false);
  });

  it('shows Deema disabled with its minimum when the price is below it', async () => {
    api();
    const onSelect = vi.fn();
    await open(data({ item: { name: 'Mini', nameAr: 'صغيرة', hours: 1, price: '9.999' }, onSelect }));
    const deema = choice('deema');
    expect(deema.disabled).toBe(true);
    const reason = `Available for amounts from ${formatKwd(10, 'en')}`;
    expect(deema.textContent).toContain(reason);
    expect(document.getElementById(deema.getAttribute('aria-describedby') ?? '')?.textContent).toBe(reason);
    await userEvent.click(deema);
    expect(onSelect).not.toHaveBeenCalled();
    expect(choice('payzah').disabled).toBe(false);
  });

  it('shows a switched-off provider disabled as unavailable', async () => {
    api({
      'GET /api/v1/payments/methods': ok({
        currency: 'KWD',
        methods: [{ id: 'payzah', enabled: false, minAmount: '0.100', sandbox: false }],
      }),
    });
    await open(data());
    expect(choice('payzah').disabled).toBe(true);
    expect(choice('payzah').textContent).toContain(enPayment.method.unavailable);
    expect(choice('deema').textContent).toContain(enPayment.method.unavailable);
  });

  it('disables the wallet when its balance does not cover the price', async () => {
    api({ 'GET /api/v1/subscriptions/balance': ok(balanceResponse({ balance: '50.000' })) });
    await open(data({ item: { name: 'Big', nameAr: 'كبيرة', hours: 20, price: '150.000' } }));
    expect(choice('balance').disabled).toBe(true);
    expect(choice('balance').textContent).toContain(enPayment.method.insufficient);
  });

  it('is busy while the chosen method runs: every button disabled, the chosen one marked', async () => {
    api();
    let finish: () => void = () => {};
    const onSelect = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { dialog } = await open(data({ onSelect }));
    await userEvent.click(choice('payzah'));
    expect(onSelect).toHaveBeenCalledWith('payzah');
    expect(choice('payzah').getAttribute('aria-busy')).toBe('true');
    for (const method of ['balance', 'payzah', 'deema'] as const) expect(choice(method).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: enPayment.method.cancel }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await act(async () => finish());
    await waitFor(() => expect(choice('balance').disabled).toBe(false));
  });

  it('a failed choice shows the translated error toast and keeps the modal', async () => {
    api();
    const { ApiRequestError } = await import('../../shared/http/client.ts');
    const onSelect = vi.fn(async () => {
      throw new ApiRequestError(502, { status: 502, code: 'gatewayError', message: 'Upstream failed' });
    });
    await open(data({ onSelect }));
    await userEvent.click(choice('deema'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(enPayment.errors.gatewayError));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(choice('deema').disabled).toBe(false);
  });
});
