import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MySubscriptionUsageResponse, SubscriptionPackagesResponse } from '@ustaz/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import arSubscriptions from '../../../public/locales/ar/subscriptions.json';
import enPayment from '../../../public/locales/en/payment.json';
import enSubscriptions from '../../../public/locales/en/subscriptions.json';
import { formatKwd } from '../../shared/lib/format.ts';
import type { PaymentMethodModalData } from '../../shared/money/money-modals.ts';
import { signedIn } from '../../shared/test/auth-test-data.ts';
import { itInEachLanguage } from '../../shared/test/each-language.ts';
import { type ApiAnswer, type ApiRoute, mockApi, ok } from '../../shared/test/mock-api.ts';
import {
  activeSubscription,
  balanceResponse,
  subscriptionPackage,
  userSubscription,
} from '../../shared/test/money-test-data.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import type { ModalComponentProps } from '../../shared/ui/modal/modal-context.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { SubscriptionsPage } from './subscriptions-page.tsx';

function usage(
  data: MySubscriptionUsageResponse['data'],
  totals = { totalHours: 5, usedHours: 1.5, remainingHours: 3.5 },
) {
  return { data, total: data.length, page: 1, limit: 10, totalPages: data.length > 0 ? 1 : 0, ...totals };
}

function usageRow(id: number, overrides: Partial<MySubscriptionUsageResponse['data'][number]> = {}) {
  return {
    id,
    subscriptionId: 3,
    reservationId: 40 + id,
    hours: 1,
    refunded: false,
    startTime: `2026-03-0${id}T15:00:00.000Z`,
    teacherName: `Teacher${id} Alali`,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

function list(data = [subscriptionPackage()], page = 1, totalPages = 1): SubscriptionPackagesResponse {
  return { data, total: data.length * totalPages, page, limit: 10, totalPages };
}

const purchased = {
  paymentStatus: 'PAID',
  subscription: userSubscription(),
  balance: '5.000',
};

function api(routes: Record<string, ApiRoute> = {}) {
  return mockApi({
    'GET /api/v1/subscriptions/packages': ok(list()),
    'GET /api/v1/subscriptions/my-active-subscription': ok(activeSubscription(null)),
    'GET /api/v1/subscriptions/my-subscriptions': ok({ data: [], total: 0, page: 1, limit: 10, totalPages: 0 }),
    'GET /api/v1/subscriptions/balance': ok(balanceResponse()),
    'POST /api/v1/subscriptions/purchase': ok(purchased),
    'GET /api/v1/subscriptions/my-usage': ok(usage([])),
    ...routes,
  });
}

/**
 * The payment-method modal has its own tests (features/booking): here a stand-in registered for
 * the kind shows what the page asked for and picks the method a test names.
 */
function MethodChooser({ data, closeModal }: ModalComponentProps) {
  const request = data as PaymentMethodModalData;
  return (
    <div>
      <h2>{`${request.context}: ${request.item.name} / ${request.item.nameAr} / ${request.item.price}`}</h2>
      {(['balance', 'payzah', 'deema'] as const).map((method) => (
        <button
          key={method}
          type="button"
          onClick={() => void Promise.resolve(request.onSelect(method)).catch(() => {})}
        >
          {`pay-${method}`}
        </button>
      ))}
      <button type="button" onClick={closeModal}>
        close
      </button>
    </div>
  );
}

async function renderPage(language: 'ar' | 'en' = 'en', signedInUser = true, path = '/subscriptions') {
  return renderAppRoute(<SubscriptionsPage />, {
    language,
    path,
    pattern: '/subscriptions',
    auth: signedInUser ? signedIn() : undefined,
    registry: { PAYMENT_METHOD_SELECTION: MethodChooser },
  });
}

beforeEach(() => {
  vi.spyOn(notify, 'success').mockResolvedValue(undefined);
  vi.spyOn(notify, 'info').mockResolvedValue(undefined);
  vi.spyOn(notify, 'error').mockResolvedValue(undefined);
});

describe('SubscriptionsPage: packages', () => {
  itInEachLanguage(
    'shows each package in the page language',
    { ar: arSubscriptions, en: enSubscriptions },
    async (language, texts) => {
      api();
      const { missing } = await renderPage(language, false);
      const [card] = await screen.findAllByTestId('package-card');
      const inCard = within(card as HTMLElement);
      expect(inCard.getByRole('heading', { name: language === 'ar' ? 'باقة البداية' : 'Starter' })).toBeTruthy();
      expect(
        inCard.getByText(language === 'ar' ? 'خمس ساعات دروس لمدة شهر.' : 'Five lesson hours for one month.'),
      ).toBeTruthy();
      expect(inCard.getByText(language === 'ar' ? 'أي معلم' : 'Any teacher')).toBeTruthy();
      expect(inCard.getByTestId('package-price').textContent).toBe(formatKwd(45, language));
      expect(card?.textContent).toContain(language === 'ar' ? '٥ ساعات' : '5 hours');
      expect(card?.textContent).toContain(language === 'ar' ? 'صالحة لمدة ٣٠ يومًا' : 'Valid for 30 days');
      expect(card?.textContent).toContain(language === 'ar' ? 'خصم ١٠٪' : '10% off');
      expect(inCard.getByRole('button', { name: texts.packages.buy })).toBeTruthy();
      // A guest sees no personal section.
      expect(screen.queryByTestId('active-subscription')).toBeNull();
      expect(missing).toEqual([]);
    },
  );

  it('shows no discount badge at 0%', async () => {
    api({ 'GET /api/v1/subscriptions/packages': ok(list([subscriptionPackage({ discountPercentage: 0 })])) });
    await renderPage('en', false);
    const [card] = await screen.findAllByTestId('package-card');
    expect(card?.textContent).not.toContain('off');
  });

  it('shows the loading state, then the empty state', async () => {
    let answer: (value: ApiAnswer) => void = () => {};
    api({ 'GET /api/v1/subscriptions/packages': () => new Promise((resolve) => (answer = resolve)) });
    await renderPage('en', false);
    expect(screen.getByTestId('packages-loading')).toBeTruthy();
    answer(ok(list([])));
    expect(await screen.findByText(enSubscriptions.packages.emptyTitle)).toBeTruthy();
  });

  it('shows the error state, and retry loads the packages', async () => {
    let calls = 0;
    api({
      'GET /api/v1/subscriptions/packages': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { status: 500, message: 'down' } } : ok(list());
      },
    });
    await renderPage('en', false);
    const error = await screen.findByTestId('packages-error');
    expect(within(error).getByText(enSubscriptions.packages.errorTitle)).toBeTruthy();
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('package-card')).toHaveLength(1);
  });

  it('pages with 10 a page and keeps the page in the address', async () => {
    const { callsTo } = api({
      'GET /api/v1/subscriptions/packages': (call) =>
        ok(
          list(
            [subscriptionPackage({ id: Number(call.search.get('page')), name: `Package ${call.search.get('page')}` })],
            Number(call.search.get('page')),
            3,
          ),
        ),
    });
    const { router } = await renderPage('en', false);
    expect(await screen.findByRole('heading', { name: 'Package 1' })).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: enSubscriptions.packages.next }));
    expect(await screen.findByRole('heading', { name: 'Package 2' })).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    const asked = callsTo('GET /api/v1/subscriptions/packages').map((call) => call.search.toString());
    expect(asked).toEqual(['page=1&limit=10&lang=en', 'page=2&limit=10&lang=en']);
  });
});

describe('SubscriptionsPage: buying', () => {
  it('sends a guest to login first', async () => {
    api();
    const { router } = await renderPage('en', false);
    await userEvent.click(await screen.findByRole('button', { name: enSubscriptions.packages.buy }));
    expect(router.state.location.pathname).toBe('/en/login');
    expect(router.state.location.state).toEqual({ from: '/en/subscriptions' });
  });

  it('opens the payment methods in the subscription context; wallet PAID shows the success toast and the subscription', async () => {
    let bought = false;
    const { callsTo } = api({
      'GET /api/v1/subscriptions/my-active-subscription': () =>
        ok(activeSubscription(bought ? userSubscription() : null)),
      'POST /api/v1/subscriptions/purchase': () => {
        bought = true;
        return ok(purchased);
      },
    });
    await renderPage('en');
    expect(await screen.findByText(enSubscriptions.mine.none)).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: enSubscriptions.packages.buy }));
    expect(await screen.findByRole('heading', { name: 'subscription: Starter / باقة البداية / 45.000' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'pay-balance' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(enSubscriptions.purchase.success));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo('POST /api/v1/subscriptions/purchase')[0]?.body).toEqual({
      packageId: 1,
      paymentMethod: 'balance',
      language: 'en',
    });
    const active = screen.getByTestId('active-subscription');
    await waitFor(() => expect(within(active).getByTestId('active-hours').textContent).toBe('3.5 hours'));
  });

  it('a gateway answer opens its payment page in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    api({
      'POST /api/v1/subscriptions/purchase': ok({
        ...purchased,
        paymentStatus: 'PENDING',
        paymentLink: 'https://pay.example/sub/1',
        paymentId: 'pay_9',
      }),
    });
    await renderPage('en');
    await userEvent.click(await screen.findByRole('button', { name: enSubscriptions.packages.buy }));
    await userEvent.click(await screen.findByRole('button', { name: 'pay-payzah' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://pay.example/sub/1', '_blank'));
    expect(notify.info).toHaveBeenCalledWith(enSubscriptions.purchase.paymentStarted, undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a FAILED answer is an error toast and the modal stays', async () => {
    api({ 'POST /api/v1/subscriptions/purchase': ok({ ...purchased, paymentStatus: 'FAILED' }) });
    await renderPage('en');
    await userEvent.click(await screen.findByRole('button', { name: enSubscriptions.packages.buy }));
    await userEvent.click(await screen.findByRole('button', { name: 'pay-deema' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(enPayment.errors.paymentFailed));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('SubscriptionsPage: my subscriptions', () => {
  itInEachLanguage(
    'shows the active subscription and the list',
    { ar: arSubscriptions, en: enSubscriptions },
    async (language, texts) => {
      api({
        'GET /api/v1/subscriptions/my-active-subscription': ok(activeSubscription()),
        'GET /api/v1/subscriptions/my-subscriptions': ok({
          data: [userSubscription(), userSubscription({ id: 2, status: 'expired', remainingHours: 0 })],
          total: 2,
          page: 1,
          limit: 10,
          totalPages: 1,
        }),
      });
      const { missing } = await renderPage(language);
      const active = await screen.findByTestId('active-subscription');
      await waitFor(() =>
        expect(within(active).getByTestId('active-hours').textContent).toBe(
          language === 'ar' ? '٣٫٥ ساعة' : '3.5 hours',
        ),
      );
      expect(within(active).getByText(language === 'ar' ? 'باقة البداية' : 'Starter')).toBeTruthy();
      expect(active.textContent).toContain(language === 'ar' ? 'ينتهي في' : 'Expires');
      const rows = within(await screen.findByTestId('my-subscriptions')).getAllByRole('listitem');
      expect(rows).toHaveLength(2);
      expect(rows[0]?.textContent).toContain(texts.mine.status.active);
      expect(rows[1]?.textContent).toContain(texts.mine.status.expired);
      expect(missing).toEqual([]);
    },
  );
});

describe('SubscriptionsPage: where the hours went (my-usage)', () => {
  itInEachLanguage(
    'lists each lesson that spent hours, the hours used and left, the expiry and what happens then',
    { ar: arSubscriptions, en: enSubscriptions },
    async (language, texts) => {
      const calls = api({
        'GET /api/v1/subscriptions/my-active-subscription': ok(activeSubscription()),
        'GET /api/v1/subscriptions/my-usage': ok(usage([usageRow(2, { hours: 0.5 }), usageRow(1, { refunded: true })])),
      });
      const { missing } = await renderPage(language);
      const section = await screen.findByTestId('subscription-usage', {}, { timeout: 5000 });
      const rows = await within(section).findAllByTestId('usage-row', {}, { timeout: 5000 });
      expect(rows).toHaveLength(2);
      expect(rows[0]?.textContent).toContain('Teacher2 Alali');
      expect(rows[0]?.textContent).toContain(language === 'ar' ? '٠٫٥' : '0.5 hours');
      expect(rows[1]?.textContent).toContain(texts.usage.returned);
      expect(within(section).getByTestId('usage-used').textContent).toBe(language === 'ar' ? '١٫٥ ساعة' : '1.5 hours');
      expect(within(section).getByTestId('usage-left').textContent).toBe(language === 'ar' ? '٣٫٥ ساعة' : '3.5 hours');
      expect(within(section).getByTestId('usage-expiry').textContent).toMatch(language === 'ar' ? /٣١/ : /31/);
      expect(within(section).getByTestId('usage-expiry-rule').textContent).toContain(
        language === 'ar' ? 'لا تُسترد' : 'not refunded',
      );
      expect(calls.callsTo('GET /api/v1/subscriptions/my-usage')[0]?.search.get('limit')).toBe('10');
      expect(missing).toEqual([]);
    },
  );

  it('says so when no lesson spent hours, and offers a retry when the usage cannot load', async () => {
    api();
    await renderPage('en');
    expect((await screen.findByTestId('usage-empty')).textContent).toBe(enSubscriptions.usage.empty);
    expect(screen.getByTestId('usage-expiry').textContent).toBe(enSubscriptions.usage.noExpiry);
    expect(screen.queryByTestId('usage-expiry-rule')).toBeNull();
  });

  it('shows the error state with a retry', async () => {
    let fail = true;
    api({
      'GET /api/v1/subscriptions/my-usage': () =>
        fail ? { status: 500, body: { status: 500, message: 'x', code: 'internal' } } : ok(usage([usageRow(1)])),
    });
    await renderPage('en');
    const error = await screen.findByTestId('usage-error');
    expect(error.textContent).toContain(enSubscriptions.usage.errorTitle);
    fail = false;
    await userEvent.click(within(error).getByRole('button'));
    expect(await screen.findAllByTestId('usage-row')).toHaveLength(1);
  });

  it('is not shown to a guest', async () => {
    api();
    await renderPage('en', false);
    await screen.findAllByTestId('package-card');
    expect(screen.queryByTestId('subscription-usage')).toBeNull();
  });
});
