import { useQueryClient } from '@tanstack/react-query';
import type { Payment, PaymentPurpose } from '@ustaz/contract';
import { PAYMENT_RESULTS } from '@ustaz/contract/constants';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type payment from '../../../public/locales/en/payment.json';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { ApiRequestError } from '../../shared/http/client.ts';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatDateTime } from '../../shared/lib/dates/formats.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { PAYMENT_POLL_FOR_MS, usePayment } from '../../shared/money/get-payment.ts';
import { announcePaymentCompleted } from '../../shared/money/payment-broadcast.ts';
import { BALANCE_QUERY_KEY } from '../../shared/money/use-balance.ts';
import { Button, buttonClasses } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { CircleCheck, CircleX, Hourglass, LogIn, SearchX, TriangleAlert } from '../../shared/ui/icons.tsx';
import { FullPageSpinner, Spinner } from '../../shared/ui/spinner.tsx';
import { PurchaseRows } from './payment-purchase.tsx';

/** The result segments a gateway (or the local sandbox) sends the browser back to. */
export type PaymentResult = (typeof PAYMENT_RESULTS)[number];

function isPaymentResult(value: string | undefined): value is PaymentResult {
  return (PAYMENT_RESULTS as readonly (string | undefined)[]).includes(value);
}

/**
 * /{lang}/payment/{result}?paymentId=...: what became of a payment. The server's status decides
 * (a redirect's address proves nothing); an unknown result segment is the not-found page, which
 * the app hands in (features do not import the app).
 */
export function PaymentResultPage({ notFound: NotFound }: { notFound: ComponentType }) {
  const { result } = useParams();
  if (!isPaymentResult(result)) return <NotFound />;
  return <PaymentResultView expected={result} />;
}

/** /{lang}/suspended-payment?paymentId=...: a payment still being confirmed; it waits like pending. */
export function SuspendedPaymentPage() {
  return <PaymentResultView expected="pending" />;
}

function PaymentResultView({ expected }: { expected: PaymentResult }) {
  const auth = useAuth();
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId')?.trim() || null;
  let content: ReactNode;
  if (auth.loading) content = <FullPageSpinner />;
  else if (!auth.isAuthenticated) content = <SignInPrompt />;
  else if (!paymentId) content = <MissingPayment expected={expected} />;
  else content = <PaymentStatus key={paymentId} paymentId={paymentId} />;
  return <div className="mx-auto flex w-full max-w-2xl flex-col px-4 py-10 sm:py-16">{content}</div>;
}

function PaymentStatus({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation('payment');
  const queryClient = useQueryClient();
  const [deadline, setDeadline] = useState(() => Date.now() + PAYMENT_POLL_FOR_MS);
  const [expired, setExpired] = useState(false);
  const payment = usePayment(paymentId, { enabled: true, poll: !expired });
  const status = payment.data?.status;

  // Ask every 3 s for at most 2 minutes (spec: pending pages poll), then stop and say so.
  useEffect(() => {
    if (expired || status !== 'pending') return;
    const timer = setTimeout(() => setExpired(true), Math.max(0, deadline - Date.now()));
    return () => clearTimeout(timer);
  }, [deadline, expired, status]);

  // Paid: the wallet and subscription hours shown elsewhere are out of date, here and in the
  // other open tabs (they refresh their balance and reservations when told).
  useEffect(() => {
    if (status !== 'paid') return;
    void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
    announcePaymentCompleted(paymentId);
  }, [status, queryClient, paymentId]);

  if (payment.isPending) {
    return <StatusCard tone="info" icon={<Spinner size="lg" className="text-primary" />} title={t('result.loading')} />;
  }
  if (payment.isError) {
    // Not this user's payment, or no payment id at all (the server refuses a malformed one).
    if (payment.error instanceof ApiRequestError && [404, 422].includes(payment.error.status)) {
      return (
        <StatusCard tone="neutral" icon={<SearchX className="size-9" />} title={t('result.notFoundTitle')}>
          <p>{t('result.notFoundBody')}</p>
          <ResultLinks purpose={null} />
        </StatusCard>
      );
    }
    return (
      <StatusCard tone="error" icon={<TriangleAlert className="size-9" />} title={t('result.errorTitle')}>
        <p>{t('result.errorBody')}</p>
        <Button className="self-center" loading={payment.isFetching} onClick={() => void payment.refetch()}>
          {t('retry', { ns: 'common' })}
        </Button>
      </StatusCard>
    );
  }
  const data = payment.data;
  if (data.status === 'paid') return <PaidView payment={data} />;
  if (data.status === 'failed' || data.status === 'expired') return <FailedView payment={data} />;
  if (expired) {
    return (
      <PaymentCard
        payment={data}
        tone="warning"
        icon={<Hourglass className="size-9" />}
        title={t('result.stillPendingTitle')}
        body={t('result.stillPendingBody')}
      >
        <Button
          className="self-center"
          loading={payment.isFetching}
          onClick={() => {
            setDeadline(Date.now() + PAYMENT_POLL_FOR_MS);
            setExpired(false);
            void payment.refetch();
          }}
        >
          {t('result.checkAgain')}
        </Button>
        <ResultLinks purpose={data.purpose} />
      </PaymentCard>
    );
  }
  return (
    <PaymentCard
      payment={data}
      tone="info"
      icon={<Spinner size="lg" className="text-primary" label={t('result.pendingTitle')} />}
      title={t('result.pendingTitle')}
      testId="payment-pending"
      body={t('result.pendingBody')}
    />
  );
}

/** The purpose the result page names: a dearer move's top-up (ADR 033) reads as a move, not a booking. */
function textPurpose(payment: Payment): PaymentPurpose | 'move' {
  if (payment.purchase?.purpose !== 'booking' || !payment.purchase.move) return payment.purpose;
  // A move that could not be made once paid: its money is in the wallet, as a top-up's.
  return payment.creditedToWallet ? 'top_up' : 'move';
}

function PaidView({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payment');
  return (
    <PaymentCard
      payment={payment}
      tone="success"
      icon={<CircleCheck className="size-9" />}
      title={t('result.successTitle')}
      testId="payment-success"
      body={t(`result.successBody.${textPurpose(payment)}`)}
      note={
        payment.creditedToWallet ? <p className="font-medium text-amber-800">{t('result.creditedToWallet')}</p> : null
      }
    >
      <ResultLinks purpose={textPurpose(payment)} />
    </PaymentCard>
  );
}

function FailedView({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payment');
  return (
    <PaymentCard
      payment={payment}
      tone="error"
      icon={<CircleX className="size-9" />}
      title={payment.status === 'expired' ? t('result.expiredTitle') : t('result.failedTitle')}
      testId="payment-failed"
      body={t(`result.failedBody.${textPurpose(payment)}`)}
    >
      <ResultLinks purpose={textPurpose(payment)} retry />
    </PaymentCard>
  );
}

/** The card of a known payment: what became of it (`body`, then `note`), its facts, then `children` (what to do next). */
function PaymentCard({
  payment,
  body,
  note,
  children,
  ...card
}: Omit<Parameters<typeof StatusCard>[0], 'children'> & {
  payment: Payment;
  body: string;
  note?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <StatusCard {...card}>
      <p>{body}</p>
      {note}
      <PaymentFacts payment={payment} />
      {children}
    </StatusCard>
  );
}

function PaymentFacts({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payment');
  const language = useCurrentLanguage();
  const when = payment.paidAt ?? payment.createdAt;
  const dateText = formatDateTime(when, language) || null;
  return (
    <dl
      className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-white/70 p-4 text-sm text-start"
      data-testid="payment-facts"
    >
      <dt className="text-slate-600">{t('result.amount')}</dt>
      <dd className="font-bold text-slate-900">{formatKwd(payment.amount, language) ?? payment.amount}</dd>
      <dt className="text-slate-600">{t('result.purpose')}</dt>
      <dd className="font-semibold text-slate-900">{t(`purposes.${textPurpose(payment)}`)}</dd>
      <PurchaseRows purchase={payment.purchase} />
      <dt className="text-slate-600">{t('result.provider')}</dt>
      <dd className="text-slate-900">{t(`methods.${payment.provider}`)}</dd>
      {dateText ? (
        <>
          <dt className="text-slate-600">{payment.paidAt ? t('result.paidAt') : t('result.createdAt')}</dt>
          <dd className="text-slate-900">{dateText}</dd>
        </>
      ) : null}
      <dt className="text-slate-600">{t('result.reference')}</dt>
      <dd className="break-all font-mono text-xs text-slate-700">
        <bdi dir="ltr">{payment.id}</bdi>
      </dd>
    </dl>
  );
}

type LinkKey = keyof (typeof payment)['result']['links'];
type ResultLink = { to: string; key: LinkKey };

/** Where each link of a result goes. */
const LINK_PATHS = {
  bookAgain: '/teachers',
  topUpAgain: '/profile',
  subscriptionAgain: '/subscriptions',
  reservations: '/reservations',
  profile: '/profile',
  subscriptions: '/subscriptions',
  teachers: '/teachers',
} as const satisfies Partial<Record<LinkKey, string>>;

/** The links after each kind of payment, the first one the main way on. */
const NEXT_LINKS: Record<PaymentPurpose | 'move', Record<'paid' | 'failed', (keyof typeof LINK_PATHS)[]>> = {
  move: { paid: ['reservations'], failed: ['reservations', 'profile'] },
  booking: { paid: ['reservations', 'subscriptions'], failed: ['bookAgain', 'profile'] },
  top_up: { paid: ['profile', 'subscriptions'], failed: ['topUpAgain'] },
  subscription: { paid: ['subscriptions', 'teachers'], failed: ['subscriptionAgain', 'profile'] },
};

/**
 * Where to go next (spec): the reservations after a booking, the profile after a top-up, the
 * packages after a subscription; after a failure, the way to try again. An unknown payment offers
 * the profile and the packages.
 */
export function resultLinks(purpose: PaymentPurpose | 'move' | null, failed: boolean): ResultLink[] {
  const keys = purpose ? NEXT_LINKS[purpose][failed ? 'failed' : 'paid'] : (['profile', 'subscriptions'] as const);
  return keys.map((key) => ({ to: LINK_PATHS[key], key }));
}

function ResultLinks({ purpose, retry = false }: { purpose: PaymentPurpose | 'move' | null; retry?: boolean }) {
  const { t } = useTranslation('payment');
  const language = useCurrentLanguage();
  return (
    <nav aria-label={t('result.links.label')} className="flex w-full flex-col gap-2 pt-2 sm:flex-row sm:justify-center">
      {resultLinks(purpose, retry).map((link, index) => (
        <Link
          key={link.key}
          to={localePath(language, link.to)}
          className={buttonClasses({ variant: index === 0 ? 'primary' : 'outline' })}
        >
          {t(`result.links.${link.key}`)}
        </Link>
      ))}
    </nav>
  );
}

function MissingPayment({ expected }: { expected: PaymentResult }) {
  const { t } = useTranslation('payment');
  return (
    <StatusCard
      tone="neutral"
      icon={expected === 'failed' ? <CircleX className="size-9" /> : <SearchX className="size-9" />}
      title={t(`result.missing.${expected}`)}
    >
      <p>{t('result.missing.body')}</p>
      <ResultLinks purpose={null} />
    </StatusCard>
  );
}

function SignInPrompt() {
  const { t } = useTranslation('payment');
  const language = useCurrentLanguage();
  const location = useLocation();
  return (
    <StatusCard tone="neutral" icon={<LogIn className="size-9 rtl:-scale-x-100" />} title={t('result.signInTitle')}>
      <p>{t('result.signInBody')}</p>
      <Link
        to={localePath(language, '/login')}
        state={{ from: `${location.pathname}${location.search}` }}
        className={buttonClasses({ variant: 'primary', className: 'self-center' })}
      >
        {t('result.signIn')}
      </Link>
    </StatusCard>
  );
}

const TONES = {
  success: 'border-emerald-200 bg-emerald-50/60 [&>[data-icon]]:bg-emerald-100 [&>[data-icon]]:text-emerald-700',
  error: 'border-red-200 bg-red-50/60 [&>[data-icon]]:bg-red-100 [&>[data-icon]]:text-red-700',
  warning: 'border-amber-200 bg-amber-50/60 [&>[data-icon]]:bg-amber-100 [&>[data-icon]]:text-amber-700',
  info: 'border-sky-200 bg-sky-50/60 [&>[data-icon]]:bg-sky-100 [&>[data-icon]]:text-sky-700',
  neutral: 'border-slate-200 bg-white [&>[data-icon]]:bg-slate-100 [&>[data-icon]]:text-slate-500',
} as const;

function StatusCard({
  tone,
  icon,
  title,
  testId,
  children,
}: {
  tone: keyof typeof TONES;
  icon: ReactNode;
  title: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <section
      className={cx(
        'flex flex-col items-center gap-4 rounded-2xl border p-6 text-center shadow-sm sm:p-8',
        TONES[tone],
      )}
      data-testid={testId}
      aria-live="polite"
    >
      <span data-icon aria-hidden="true" className="flex size-16 items-center justify-center rounded-full">
        {icon}
      </span>
      <h1 className="text-2xl font-extrabold text-slate-900">{title}</h1>
      <div className="flex w-full flex-col items-center gap-4 leading-7 text-slate-700">{children}</div>
    </section>
  );
}
