import type { Reservation } from '@ustaz/contract';
import type { Language } from '@ustaz/contract/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatNumber, formatTwoDigits } from '../../shared/lib/format.ts';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { ExternalLink, Hourglass } from '../../shared/ui/icons.tsx';

/** "m:ss" left until `expiresAt` (0:00 once past), digits in the page's language. */
export function timeLeft(expiresAt: string, now: number, language: Language): string {
  const seconds = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `${formatNumber(minutes, language)}:${formatTwoDigits(rest, language)}`;
}

/**
 * A pending gateway payment on the student's reservation card: the countdown until the held slots
 * are released, and "continue payment" to the same gateway page when the server gives its link.
 */
export function PendingPayment({ payment }: { payment: NonNullable<Reservation['payment']> }) {
  const { t } = useTranslation('payment');
  const language = useCurrentLanguage();
  const [now, setNow] = useState(() => Date.now());
  const expired = Date.parse(payment.expiresAt) <= now;
  useEffect(() => {
    if (expired) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expired]);
  return (
    <div
      className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
      data-testid="pending-payment"
    >
      <p className="flex items-start gap-2" role="timer" aria-live="off">
        <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          {expired
            ? t('pendingPayment.expired')
            : t('pendingPayment.expiresIn', { time: timeLeft(payment.expiresAt, now, language) })}
        </span>
      </p>
      {payment.url && !expired ? (
        <a
          href={payment.url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: 'primary', size: 'sm' })}
          data-testid="continue-payment"
        >
          <ExternalLink aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {t('pendingPayment.continue')}
        </a>
      ) : null}
    </div>
  );
}
