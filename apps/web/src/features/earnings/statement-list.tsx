import type { StatementLine } from '@ustaz/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatDateTime } from '../../shared/lib/dates/formats.ts';
import { cx } from '../../shared/ui/class-names.ts';
import { ReceiptText } from '../../shared/ui/icons.tsx';
import { EmptyCard } from '../../shared/ui/state-card.tsx';
import { useStatement } from './api/earnings-queries.ts';
import { EarningsPages } from './earnings-pages.tsx';
import { useKwd } from './earnings-summary.tsx';
import { StatusBadge } from './status-badge.tsx';

/** The statement, 10 lines a page: a table from the small breakpoint up, cards on phones. */
export function StatementList() {
  const { t } = useTranslation('earnings');
  const [page, setPage] = useState(1);
  const statement = useStatement(page);
  return (
    <section
      aria-labelledby="statement-title"
      className="flex flex-col gap-3"
      aria-busy={statement.isFetching || undefined}
    >
      <h2 id="statement-title" className="text-lg font-bold text-slate-900">
        {t('statement.title')}
      </h2>
      <EarningsPages
        list="statement"
        query={statement}
        page={page}
        onPageChange={setPage}
        rows={4}
        rowHeight="h-14"
        empty={
          <EmptyCard
            icon={<ReceiptText aria-hidden="true" className="size-7 text-slate-400" />}
            title={t('statement.title')}
            body={t('statement.empty')}
            headingLevel={3}
            testId="statement-empty"
          />
        }
      >
        {(data) => (
          <>
            <StatementTable lines={data.data} />
            <ul className="flex flex-col gap-2 sm:hidden" data-testid="statement-cards">
              {data.data.map((line) => (
                <li key={`${line.kind}-${line.id}`}>
                  <StatementCard line={line} />
                </li>
              ))}
            </ul>
          </>
        )}
      </EarningsPages>
    </section>
  );
}

function useLineText() {
  const { t } = useTranslation('earnings');
  const language = useCurrentLanguage();
  return {
    when: (line: StatementLine) => formatDateTime(line.date, language),
    what: (line: StatementLine) =>
      line.kind === 'payout'
        ? t('statement.payout')
        : line.studentName
          ? t('statement.lesson', { name: `\u2068${line.studentName}\u2069` })
          : t('statement.lessonNoName'),
  };
}

const amountClass = (amount: string) => (amount.startsWith('-') ? 'text-red-700' : 'text-emerald-700');

function StatementTable({ lines }: { lines: StatementLine[] }) {
  const { t } = useTranslation('earnings');
  const kwd = useKwd();
  const text = useLineText();
  const head = 'px-3 py-2 text-start text-xs font-semibold text-slate-600';
  const number = 'px-3 py-2 text-end tabular-nums whitespace-nowrap';
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white sm:block">
      <table className="w-full text-sm" data-testid="statement-table">
        <caption className="sr-only">{t('statement.title')}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={head}>
              {t('statement.columns.date')}
            </th>
            <th scope="col" className={head}>
              {t('statement.columns.description')}
            </th>
            <th scope="col" className={cx(head, 'text-end')}>
              {t('statement.columns.gross')}
            </th>
            <th scope="col" className={cx(head, 'text-end')}>
              {t('statement.columns.fee')}
            </th>
            <th scope="col" className={cx(head, 'text-end')}>
              {t('statement.columns.amount')}
            </th>
            <th scope="col" className={head}>
              {t('statement.columns.status')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {lines.map((line) => (
            <tr key={`${line.kind}-${line.id}`}>
              <td className="px-3 py-2 whitespace-nowrap text-slate-600">
                <time dateTime={line.date}>{text.when(line)}</time>
              </td>
              <td className="px-3 py-2 text-slate-900">{text.what(line)}</td>
              <td className={number}>{line.gross ? <bdi>{kwd(line.gross)}</bdi> : null}</td>
              <td className={number}>{line.fee ? <bdi>{kwd(line.fee)}</bdi> : null}</td>
              <td className={cx(number, 'font-bold', amountClass(line.amount))}>
                <bdi>{kwd(line.amount)}</bdi>
              </td>
              <td className="px-3 py-2">
                <StatusBadge status={line.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StatementCard({ line }: { line: StatementLine }) {
  const { t } = useTranslation('earnings');
  const kwd = useKwd();
  const text = useLineText();
  return (
    <article
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3"
      data-testid="statement-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{text.what(line)}</p>
          <p className="text-xs text-slate-500">
            <time dateTime={line.date}>{text.when(line)}</time>
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <p className={cx('font-bold tabular-nums', amountClass(line.amount))}>
            <bdi>{kwd(line.amount)}</bdi>
          </p>
          {line.gross && line.fee ? null : <StatusBadge status={line.status} />}
        </div>
      </div>
      {line.gross && line.fee ? (
        <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
          <span>
            {t('statement.columns.gross')} <bdi>{kwd(line.gross)}</bdi> · {t('statement.columns.fee')}{' '}
            <bdi>{kwd(line.fee)}</bdi>
          </span>
          <StatusBadge status={line.status} />
        </div>
      ) : null}
    </article>
  );
}
