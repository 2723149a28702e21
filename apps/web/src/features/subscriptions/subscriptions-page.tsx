import { useQueryClient } from '@tanstack/react-query';
import type { SubscriptionPackage, UserSubscription } from '@ustaz/contract';
import type { Language, PaymentMethod } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatDate } from '../../shared/lib/dates/formats.ts';
import { formatKwd, formatNumber } from '../../shared/lib/format.ts';
import { withPageParam } from '../../shared/lib/paging.ts';
import { formatHours, formatHoursNumber } from '../../shared/money/format-hours.ts';
import { openPaymentMethod } from '../../shared/money/money-modals.ts';
import { openPaymentLink } from '../../shared/money/payment-link.ts';
import { BALANCE_QUERY_KEY } from '../../shared/money/use-balance.ts';
import { Button } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { BadgePercent, CalendarClock, Check, Clock, Package } from '../../shared/ui/icons.tsx';
import { useModal } from '../../shared/ui/modal/modal-context.tsx';
import { PageTitle } from '../../shared/ui/page-title.tsx';
import { CARD_GRID, listPlaceholders, PagedQueryStates } from '../../shared/ui/paged-query-states.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { MY_SUBSCRIPTIONS_KEY, useActiveSubscription } from './api/get-active-subscription.ts';
import { useMySubscriptions } from './api/get-my-subscriptions.ts';
import { usePackages } from './api/get-packages.ts';
import { purchaseSubscription } from './api/purchase-subscription.ts';
import { UsageSection } from './usage-section.tsx';
import { usePagerLabels } from './use-pager-labels.ts';

/** A page number of the address (`?page=2`); anything else is page 1. */
export function readPage(value: string | null): number {
  return value && /^\d{1,5}$/.test(value) && Number(value) > 0 ? Number(value) : 1;
}

/** The package's text in the page language, falling back to the other language when empty. */
export function packageText(pkg: SubscriptionPackage, language: Language) {
  const ar = language === 'ar';
  const pick = (arabic: string, english: string) => (ar ? arabic || english : english || arabic);
  const features = ar
    ? pkg.featuresAr.length > 0
      ? pkg.featuresAr
      : pkg.features
    : pkg.features.length > 0
      ? pkg.features
      : pkg.featuresAr;
  return { name: pick(pkg.nameAr, pkg.name), description: pick(pkg.descriptionAr, pkg.description), features };
}

function formatDateOrNull(iso: string | null, language: Language): string | null {
  return iso ? formatDate(iso, language) || null : null;
}

/**
 * /{lang}/subscriptions (public): the packages, 10 a page, each bought through the payment-method
 * modal (wallet, Payzah or Deema); a guest is sent to login first. A signed-in user also sees the
 * active subscription, their subscriptions and where the hours went (`UsageSection`).
 */
export function SubscriptionsPage() {
  const { t } = useTranslation(['subscriptions', 'payment']);
  const { isAuthenticated } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPage(searchParams.get('page'));

  function goToPage(next: number) {
    setSearchParams((current) => withPageParam(current, next));
  }

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageTitle title={t('page.title')} subtitle={t('page.subtitle')} subtitleClassName="max-w-2xl" />
      {isAuthenticated ? <MySubscriptions /> : null}
      <PackagesSection page={page} onPageChange={goToPage} />
    </div>
  );
}

function PackagesSection({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const { t } = useTranslation(['subscriptions', 'payment']);
  const language = useCurrentLanguage();
  const packages = usePackages(page, language);
  const buy = useBuyPackage();
  const pagerLabels = usePagerLabels('packages.pagination');

  return (
    <section aria-labelledby="packages-title" className="flex flex-col gap-5">
      <h2 id="packages-title" className="text-xl font-bold text-slate-900">
        {t('packages.title')}
      </h2>
      <PagedQueryStates
        query={packages}
        pager={{ page, onPageChange, labels: pagerLabels }}
        loading={listPlaceholders(t('packages.loading'), 'grid', 3, 'h-96', 'packages-loading')}
        error={{
          title: t('packages.errorTitle'),
          body: t('packages.errorBody'),
          testId: 'packages-error',
          headingLevel: 3,
        }}
        empty={{
          icon: Package,
          title: t('packages.emptyTitle'),
          body: t('packages.emptyBody'),
          testId: 'packages-empty',
          headingLevel: 3,
        }}
      >
        {(data) => (
          <ul className={cx(CARD_GRID, packages.isPlaceholderData && 'opacity-60')}>
            {data.data.map((pkg) => (
              <li key={pkg.id} className="flex">
                <PackageCard pkg={pkg} onBuy={() => buy(pkg)} />
              </li>
            ))}
          </ul>
        )}
      </PagedQueryStates>
    </section>
  );
}

function PackageCard({ pkg, onBuy }: { pkg: SubscriptionPackage; onBuy: () => void }) {
  const { t } = useTranslation(['subscriptions', 'payment']);
  const language = useCurrentLanguage();
  const text = packageText(pkg, language);
  const titleId = `package-${pkg.id}-name`;
  return (
    <article
      aria-labelledby={titleId}
      className="relative flex w-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="package-card"
    >
      {pkg.discountPercentage > 0 ? (
        <span className="absolute end-4 top-4 inline-flex items-center gap-1 rounded-full bg-secondary px-3 py-1 text-xs font-bold text-secondary-foreground">
          <BadgePercent aria-hidden="true" className="size-3.5" />
          {t('packages.discount', { percent: formatNumber(pkg.discountPercentage, language) })}
        </span>
      ) : null}
      <div className="flex flex-col gap-1">
        <h3
          id={titleId}
          className={cx('text-xl font-extrabold text-slate-900', pkg.discountPercentage > 0 && 'pe-24')}
          dir="auto"
        >
          {text.name}
        </h3>
        {text.description ? (
          <p className="text-sm leading-6 text-slate-600" dir="auto">
            {text.description}
          </p>
        ) : null}
      </div>
      <p className="text-3xl font-black text-primary" data-testid="package-price">
        {formatKwd(pkg.price, language) ?? t('packages.priceUnavailable')}
      </p>
      <ul className="flex flex-col gap-2 text-sm text-slate-700">
        <li className="flex items-center gap-2">
          <Clock aria-hidden="true" className="size-4 text-primary" />
          {formatHours(pkg.hours, language, t)}
        </li>
        <li className="flex items-center gap-2">
          <CalendarClock aria-hidden="true" className="size-4 text-primary" />
          {t('packages.validity', { count: pkg.validityDays, number: formatNumber(pkg.validityDays, language) })}
        </li>
      </ul>
      {text.features.length > 0 ? (
        <ul className="flex flex-col gap-2 border-t border-slate-100 pt-4 text-sm text-slate-700">
          {text.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              <span dir="auto">{feature}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Button className="mt-auto w-full" size="lg" onClick={onBuy} aria-describedby={titleId}>
        {t('packages.buy')}
      </Button>
    </article>
  );
}

/**
 * Buy: a guest goes to login (and comes back here); a signed-in user picks how to pay. Wallet:
 * PAID at once. Gateway: its page opens in a new tab. FAILED or an error: a toast, the modal stays.
 */
function useBuyPackage() {
  const { t } = useTranslation(['subscriptions', 'payment']);
  const { isAuthenticated } = useAuth();
  const { openModal, closeModal } = useModal();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const language = useCurrentLanguage();

  return (pkg: SubscriptionPackage) => {
    if (!isAuthenticated) {
      navigate(localePath(language, '/login'), { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    openPaymentMethod(openModal, {
      context: 'subscription',
      item: { name: pkg.name, nameAr: pkg.nameAr, hours: pkg.hours, price: pkg.price },
      onSelect: async (method: PaymentMethod) => {
        const answer = await purchaseSubscription({ packageId: pkg.id, paymentMethod: method, language });
        void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: MY_SUBSCRIPTIONS_KEY });
        if (answer.paymentStatus === 'FAILED') {
          void notify.error(t('errors.paymentFailed', { ns: 'payment' }));
          return;
        }
        closeModal();
        if (answer.paymentLink) {
          const link = answer.paymentLink;
          const opened = openPaymentLink(link);
          void notify.info(
            t('purchase.paymentStarted'),
            opened
              ? undefined
              : {
                  duration: 15_000,
                  action: {
                    label: t('topUp.openPaymentPage', { ns: 'payment' }),
                    onClick: () => openPaymentLink(link),
                  },
                },
          );
          return;
        }
        void notify.success(t('purchase.success'));
      },
    });
  };
}

function MySubscriptions() {
  const { t } = useTranslation(['subscriptions', 'payment']);
  const language = useCurrentLanguage();
  const active = useActiveSubscription(language, true);
  const [searchParams, setSearchParams] = useSearchParams();
  const historyPage = readPage(searchParams.get('historyPage'));
  const mine = useMySubscriptions(historyPage, language, true);
  const current = active.data?.subscription ?? null;
  const pagerLabels = usePagerLabels('mine.pagination');
  const goToHistoryPage = (next: number) => setSearchParams((params) => withPageParam(params, next, 'historyPage'));

  return (
    <>
      <section
        aria-labelledby="my-subscription-title"
        className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]"
      >
        <div
          className="flex flex-col gap-3 rounded-2xl border border-primary/20 bg-primary/5 p-6"
          data-testid="active-subscription"
        >
          <h2 id="my-subscription-title" className="text-lg font-bold text-slate-900">
            {t('mine.activeTitle')}
          </h2>
          {active.isPending ? (
            <Spinner className="self-start text-primary" />
          ) : active.isError ? (
            <p className="text-sm text-red-700">{t('mine.error')}</p>
          ) : current ? (
            <>
              <p className="font-semibold text-slate-800" dir="auto">
                {language === 'ar' ? current.package.nameAr || current.package.name : current.package.name}
              </p>
              <p className="text-3xl font-black text-primary" data-testid="active-hours">
                {formatHours(active.data.remainingHours, language, t)}
              </p>
              <p className="text-sm text-slate-600">{t('mine.remaining')}</p>
              {formatDateOrNull(current.expiresAt, language) ? (
                <p className="text-sm text-slate-700">
                  {t('mine.expires', { date: formatDateOrNull(current.expiresAt, language) })}
                </p>
              ) : null}
            </>
          ) : (
            <p className="text-sm text-slate-600">{t('mine.none')}</p>
          )}
        </div>
        <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6">
          <h2 className="text-lg font-bold text-slate-900">{t('mine.historyTitle')}</h2>
          <PagedQueryStates
            query={mine}
            pager={{ page: historyPage, onPageChange: goToHistoryPage, labels: pagerLabels, compact: true }}
            loading={<Spinner className="self-start text-primary" />}
            error={() => <p className="text-sm text-red-700">{t('mine.error')}</p>}
            empty={<p className="text-sm text-slate-600">{t('mine.historyEmpty')}</p>}
          >
            {(data) => (
              <ul className="flex flex-col divide-y divide-slate-100" data-testid="my-subscriptions">
                {data.data.map((subscription) => (
                  <SubscriptionRow key={subscription.id} subscription={subscription} />
                ))}
              </ul>
            )}
          </PagedQueryStates>
        </div>
      </section>
      {active.isSuccess ? <UsageSection current={current} /> : null}
    </>
  );
}

const STATUS_CLASSES: Record<UserSubscription['status'], string> = {
  active: 'bg-emerald-100 text-emerald-800',
  pending: 'bg-amber-100 text-amber-800',
  expired: 'bg-slate-100 text-slate-600',
  cancelled: 'bg-red-100 text-red-800',
};

function SubscriptionRow({ subscription }: { subscription: UserSubscription }) {
  const { t } = useTranslation(['subscriptions', 'payment']);
  const language = useCurrentLanguage();
  const name =
    language === 'ar'
      ? subscription.package.nameAr || subscription.package.name
      : subscription.package.name || subscription.package.nameAr;
  const expires = formatDateOrNull(subscription.expiresAt, language);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 text-sm">
      <span className="min-w-40 flex-1 font-semibold text-slate-900" dir="auto">
        {name}
      </span>
      <span className={cx('rounded-full px-2.5 py-0.5 text-xs font-semibold', STATUS_CLASSES[subscription.status])}>
        {t(`mine.status.${subscription.status}`)}
      </span>
      <span className="text-slate-700">
        {t('mine.hoursOf', {
          remaining: formatHoursNumber(subscription.remainingHours, language),
          total: formatHours(subscription.totalHours, language, t),
        })}
      </span>
      <span className="text-slate-500">{expires ? t('mine.expires', { date: expires }) : t('mine.notStarted')}</span>
    </li>
  );
}
