import type { BalanceResponse } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { formatHoursNumber } from '../../shared/money/format-hours.ts';
import { openTopUp } from '../../shared/money/money-modals.ts';
import { useBalance } from '../../shared/money/use-balance.ts';
import { Button } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { Clock3, Landmark, Plus, Wallet } from '../../shared/ui/icons.tsx';
import { LoadingPlaceholders } from '../../shared/ui/loading-placeholders.tsx';
import { useModal } from '../../shared/ui/modal/modal-context.tsx';
import { RetryAlert } from '../../shared/ui/retry-alert.tsx';
import { TitledSection } from '../../shared/ui/titled-section.tsx';
import { TransactionHistory } from './transaction-history.tsx';

/**
 * The wallet on the profile: balance, subscription hours left and, for a teacher, earnings; a
 * Top up button (the TOP_UP_BALANCE modal of the host); and the paged transaction history.
 */
export function WalletSection({ showEarnings = false, timeZone }: { showEarnings?: boolean; timeZone?: string }) {
  const { t } = useTranslation('wallet');
  const { openModal } = useModal();
  return (
    <TitledSection
      titleId="wallet-title"
      title={t('title')}
      className="gap-5 p-5 shadow-sm sm:p-6"
      actions={
        <Button onClick={() => openTopUp(openModal)}>
          <Plus aria-hidden="true" className="size-4" />
          {t('topUp')}
        </Button>
      }
    >
      <BalanceCards showEarnings={showEarnings} />
      <TransactionHistory timeZone={timeZone} />
    </TitledSection>
  );
}

function BalanceCards({ showEarnings }: { showEarnings: boolean }) {
  const { t } = useTranslation('wallet');
  const balance = useBalance();
  const count = showEarnings ? 3 : 2;
  if (balance.isPending) {
    return (
      <LoadingPlaceholders
        label={t('loadingBalance')}
        count={count}
        className={cx('grid gap-3', gridColumns(count))}
        itemClassName="h-24 rounded-xl bg-slate-100"
        testId="balance-loading"
      />
    );
  }
  if (balance.isError) {
    return (
      <RetryAlert
        message={t('balanceError')}
        onRetry={() => void balance.refetch()}
        retrying={balance.isFetching}
        bordered
      />
    );
  }
  return <BalanceFigures balance={balance.data} showEarnings={showEarnings} />;
}

function gridColumns(count: number) {
  return count === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2';
}

function BalanceFigures({ balance, showEarnings }: { balance: BalanceResponse; showEarnings: boolean }) {
  const { t } = useTranslation('wallet');
  const language = useCurrentLanguage();
  return (
    <dl className={cx('grid gap-3', gridColumns(showEarnings ? 3 : 2))}>
      <Figure kind="balance" value={formatKwd(balance.balance, language) ?? balance.balance} />
      <Figure
        kind="hours"
        value={t('hours', {
          count: balance.remainingHours,
          number: formatHoursNumber(balance.remainingHours, language),
        })}
      />
      {showEarnings ? (
        <Figure kind="earnings" value={formatKwd(balance.earnings, language) ?? balance.earnings} />
      ) : null}
    </dl>
  );
}

/** The wallet's figures: each one's icon, label, colours and test id. */
const FIGURES = {
  balance: { icon: Wallet, label: 'balance', tone: 'bg-primary/5 text-primary', testId: 'wallet-balance' },
  hours: { icon: Clock3, label: 'remainingHours', tone: 'bg-slate-50 text-slate-600', testId: 'wallet-hours' },
  earnings: { icon: Landmark, label: 'earnings', tone: 'bg-emerald-50 text-emerald-700', testId: 'wallet-earnings' },
} as const;

function Figure({ kind, value }: { kind: keyof typeof FIGURES; value: string }) {
  const { t } = useTranslation('wallet');
  const { icon: Icon, label, tone, testId } = FIGURES[kind];
  return (
    <div className={cx('flex flex-col gap-2 rounded-xl p-4', tone)}>
      <dt className="flex items-center gap-2 text-sm font-medium">
        <span aria-hidden="true">
          <Icon className="size-5" />
        </span>
        {t(label)}
      </dt>
      <dd className="text-2xl font-extrabold text-slate-900 tabular-nums" data-testid={testId}>
        <bdi>{value}</bdi>
      </dd>
    </div>
  );
}
