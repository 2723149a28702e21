import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../../shared/lib/format.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { CircleCheckBig, Scale, ScanSearch } from '../../../shared/ui/icons.tsx';
import { EmptyCard, ErrorCard } from '../../../shared/ui/state-card.tsx';
import { AdminPage } from '../ui/admin-page.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { SelectField } from '../ui/form-fields.tsx';
import { formatDateTime } from '../ui/format.ts';
import { useReconciliation } from './api/get-reconciliation.ts';
import { useReconciliationColumns } from './reconciliation-columns.tsx';
import { useReconcile } from './use-reconcile.ts';

/** The periods offered (days back); the contract allows 1 to 90. */
const DAY_CHOICES = [1, 7, 30, 90] as const;
const DEFAULT_DAYS = 7;

function daysOf(value: string | null): number {
  const days = Number(value);
  return (DAY_CHOICES as readonly number[]).includes(days) ? days : DEFAULT_DAYS;
}

/**
 * /{lang}/admin/reconciliation: asks the gateways about the payments of the last N days (only on
 * "Check now": it takes seconds and is rate limited) and lists where they and we disagree. A
 * payment still open is settled from the gateway's answer, and leaves the list.
 */
export function AdminReconciliationPage() {
  const { t } = useTranslation('admin-money');
  const language = useCurrentLanguage();
  const [params, setParams] = useSearchParams();
  const days = daysOf(params.get('days'));
  // The period the admin asked about: a new choice in the selector waits for "Check now".
  const [askedDays, setAskedDays] = useState<number | null>(null);
  const report = useReconciliation(days, askedDays === days);
  const settle = useReconcile('reconciliation.settled');

  function check() {
    if (askedDays === days) void report.refetch();
    else setAskedDays(days);
  }

  function changeDays(value: string) {
    const next = new URLSearchParams(params);
    if (Number(value) === DEFAULT_DAYS) next.delete('days');
    else next.set('days', value);
    setParams(next);
  }

  const columns = useReconciliationColumns(settle);

  const data = report.data;

  return (
    <AdminPage title={t('reconciliation.title')} description={t('reconciliation.description')}>
      <div className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-3">
        <SelectField
          name="days"
          label={t('reconciliation.daysLabel')}
          value={String(days)}
          onChange={(event) => changeDays(event.target.value)}
          options={DAY_CHOICES.map((value) => ({
            value: String(value),
            label: t('reconciliation.days', { count: value, number: formatNumber(value, language) }),
          }))}
          className="w-full sm:w-48"
        />
        <Button onClick={check} loading={report.isFetching}>
          <ScanSearch aria-hidden="true" className="size-4" />
          {t('reconciliation.check')}
        </Button>
      </div>
      <div aria-live="polite" className="text-sm text-slate-700" data-testid="reconciliation-status">
        {report.isFetching ? (
          <p>{t('reconciliation.checking')}</p>
        ) : data ? (
          <p>
            {t('reconciliation.summary', {
              count: data.checked,
              number: formatNumber(data.checked, language),
              time: formatDateTime(data.checkedAt, language),
            })}
          </p>
        ) : null}
      </div>
      {report.isError && !report.isFetching ? (
        <ErrorCard
          title={t('reconciliation.errorTitle')}
          body={t('reconciliation.errorBody')}
          onRetry={check}
          retrying={report.isFetching}
        />
      ) : !data && !report.isFetching ? (
        <EmptyCard
          icon={<Scale aria-hidden="true" className="size-10 text-slate-400" />}
          title={t('reconciliation.intro.title')}
          body={t('reconciliation.intro.body')}
        />
      ) : data && data.data.length === 0 && !report.isFetching ? (
        <EmptyCard
          icon={<CircleCheckBig aria-hidden="true" className="size-10 text-emerald-600" />}
          title={t('reconciliation.allMatch.title')}
          body={t('reconciliation.allMatch.body')}
          testId="reconciliation-all-match"
        />
      ) : (
        <DataTable
          caption={t('reconciliation.caption')}
          columns={columns}
          rows={data?.data}
          rowKey={(row) => row.payment.id}
          loading={report.isFetching}
          error={false}
          onRetry={check}
          empty={{ title: t('reconciliation.allMatch.title'), body: t('reconciliation.allMatch.body') }}
          testId="reconciliation-table"
        />
      )}
    </AdminPage>
  );
}
