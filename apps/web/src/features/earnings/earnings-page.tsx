import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { Download, HandCoins } from '../../shared/ui/icons.tsx';
import { PageTitle } from '../../shared/ui/page-title.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { useBankAccount } from './api/bank-account.ts';
import { downloadStatement } from './api/download-statement.ts';
import { BankAccountCard } from './bank-account-card.tsx';
import { EarningsFigures, EarningsStates, useKwd } from './earnings-summary.tsx';
import { PayoutDialog } from './payout-dialog.tsx';
import { PayoutsList } from './payouts-list.tsx';
import { StatementList } from './statement-list.tsx';

/**
 * /{lang}/earnings (teachers): what the lessons earned (available, upcoming, paid out, to the fils),
 * a payout request to the saved bank account, the statement (CSV too) and the payouts.
 */
export function EarningsPage() {
  const { t } = useTranslation('earnings');
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6">
      <PageTitle title={t('title')} subtitle={t('intro')} />
      <section aria-label={t('summary.label')} className="flex flex-col gap-4">
        <EarningsStates>
          {(summary) => (
            <>
              <EarningsFigures summary={summary} />
              <EarningsActions summary={summary} />
            </>
          )}
        </EarningsStates>
      </section>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <StatementList />
        </div>
        <div className="flex flex-col gap-6">
          <BankAccountCard />
          <PayoutsList />
        </div>
      </div>
    </div>
  );
}

function EarningsActions({ summary }: { summary: Parameters<typeof EarningsFigures>[0]['summary'] }) {
  const { t } = useTranslation('earnings');
  const kwd = useKwd();
  const account = useBankAccount();
  const [asking, setAsking] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const bankAccount = account.data?.bankAccount ?? null;
  const enough = Number(summary.available) >= Number(summary.minimumPayout);

  async function download() {
    setDownloading(true);
    try {
      await downloadStatement();
    } catch {
      notify.error(t('actions.downloadError'));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setAsking(true)} disabled={!bankAccount || !enough}>
          <HandCoins aria-hidden="true" className="size-4" />
          {t('actions.requestPayout')}
        </Button>
        <Button variant="outline" onClick={() => void download()} loading={downloading}>
          <Download aria-hidden="true" className="size-4" />
          {t('actions.downloadCsv')}
        </Button>
      </div>
      {!enough ? (
        <p className="text-sm text-slate-600">{t('payout.belowAvailable', { min: kwd(summary.minimumPayout) })}</p>
      ) : account.isSuccess && !bankAccount ? (
        <p className="text-sm text-slate-600">{t('actions.needBankAccount')}</p>
      ) : null}
      {bankAccount ? (
        <PayoutDialog
          open={asking}
          summary={summary}
          maskedIban={bankAccount.maskedIban}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </div>
  );
}
