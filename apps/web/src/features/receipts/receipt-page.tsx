import type { Receipt, ReceiptLine } from '@ustaz/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import type { Translate } from '../../shared/i18n/translate.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatDate, formatTime, timeZoneLongName, viewerTimeZone } from '../../shared/lib/dates/formats.ts';
import { errorText } from '../../shared/lib/error-text.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { formatHours } from '../../shared/money/format-hours.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ArrowLeft, ArrowRight, Printer, ReceiptText } from '../../shared/ui/icons.tsx';
import { QueryStates } from '../../shared/ui/query-states.tsx';
import { FullPageSpinner } from '../../shared/ui/spinner.tsx';
import { receiptPath, useReceipt } from './api/receipt.ts';
import { ERROR_TEXTS } from './receipt-error-texts.ts';
import { RefundsSection } from './receipt-refunds.tsx';

type Language = Receipt['language'];

/**
 * /{lang}/receipts/{id} (issue 34): a paid payment's (`pay…`) or lesson's (`lesson-{n}`) receipt,
 * for its payer and admins: the operator, the payer, what was paid for, how, and the refunds. It
 * prints on one A4 page (index.css `@media print`: the site's bars hidden); "Print or save as PDF"
 * opens the browser's print, whose "Save as PDF" keeps the Arabic text as text.
 */
export function ReceiptPage() {
  const { t } = useTranslation(['receipts', 'payment']);
  const language = useCurrentLanguage();
  const { id = '' } = useParams();
  const path = receiptPath(id);
  const receipt = useReceipt(path);
  const zone = useMemo(() => viewerTimeZone(), []);
  const Back = language === 'ar' ? ArrowRight : ArrowLeft;

  return (
    <div className="receipt-page mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <div className="receipt-actions mb-6 flex flex-wrap items-center justify-between gap-3">
        <Link
          to={localePath(language, '/reservations')}
          className="inline-flex items-center gap-2 text-sm text-slate-600 hover:text-slate-900"
        >
          <Back aria-hidden="true" className="size-4" />
          {t('back')}
        </Link>
        {receipt.data ? (
          <Button onClick={() => window.print()} data-testid="receipt-print" title={t('printHint')}>
            <Printer aria-hidden="true" className="size-4" />
            {t('print')}
          </Button>
        ) : null}
      </div>
      {path === null ? (
        <ReceiptProblem text={t('errors.notFound')} />
      ) : (
        <QueryStates
          query={receipt}
          loading={<FullPageSpinner label={t('loading')} />}
          error={() => <ReceiptProblem text={errorText(receipt.error, t, ERROR_TEXTS.receipt, 'errors.generic')} />}
        >
          {(data) => <ReceiptSheet receipt={data} zone={zone} t={t} />}
        </QueryStates>
      )}
    </div>
  );
}

function ReceiptProblem({ text }: { text: string }) {
  const { t } = useTranslation('receipts');
  return (
    <div
      role="alert"
      data-testid="receipt-problem"
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center"
    >
      <ReceiptText aria-hidden="true" className="size-8 text-slate-500" />
      <h1 className="text-lg font-bold text-slate-900">{t('errors.title')}</h1>
      <p className="max-w-md text-slate-600">{text}</p>
    </div>
  );
}

/** One line's description: what it was and, for a lesson, when. */
function lineText(line: ReceiptLine, t: Translate, language: Language, zone: string) {
  if (line.kind === 'top_up') return { title: t('line.topUp'), detail: null };
  if (line.kind === 'subscription') {
    const hours = formatHours(line.hours, language, t);
    return {
      title: t('line.subscription', { name: line.packageName }),
      detail: t('line.subscriptionHours', { hours }),
    };
  }
  const key = line.move ? 'line.move' : line.trial ? 'line.trial' : 'line.lesson';
  const detail = t('line.when', {
    date: formatDate(line.startTime, language, zone),
    from: formatTime(line.startTime, language, zone),
    to: formatTime(line.endTime, language, zone),
  });
  const title = t(key, { teacher: line.teacherName });
  return { title: line.major ? `${title} · ${line.major}` : title, detail };
}

/** The operator (name, address, e-mail, phone) and the receipt's number, date and payment reference. */
function ReceiptHeader({ receipt, zone, t }: { receipt: Receipt; zone: string; t: Translate }) {
  const { operator, language } = receipt;
  return (
    <header className="flex flex-wrap items-start justify-between gap-6 border-b border-slate-200 pb-6">
      <div className="min-w-0">
        <p className="text-xl font-extrabold text-brand-800">{operator.name}</p>
        {[operator.address, operator.email, operator.phone].filter(Boolean).map((part) => (
          <p key={part} className="text-sm break-words text-slate-600" dir="auto">
            {part}
          </p>
        ))}
      </div>
      <div className="sm:text-end">
        <h1 id="receipt-title" className="text-2xl font-extrabold text-slate-900">
          {t('title')}
        </h1>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 sm:grid-cols-[auto_auto] gap-y-1 text-sm">
          <dt className="text-slate-500">{t('number')}</dt>
          <dd className="font-semibold text-slate-900" dir="ltr" data-testid="receipt-number">
            {receipt.number}
          </dd>
          <dt className="text-slate-500">{t('issued')}</dt>
          <dd className="text-slate-900">
            <time dateTime={receipt.issuedAt}>{formatDate(receipt.issuedAt, language, zone)}</time>
          </dd>
          {receipt.gatewayReference ? (
            <>
              <dt className="text-slate-500">{t('reference')}</dt>
              <dd className="break-all text-slate-900" dir="ltr">
                {receipt.gatewayReference}
              </dd>
            </>
          ) : null}
        </dl>
      </div>
    </header>
  );
}

function ReceiptSheet({ receipt, zone, t }: { receipt: Receipt; zone: string; t: Translate }) {
  const language = receipt.language;
  const kwd = (amount: string) => formatKwd(amount, language) ?? amount;
  return (
    <article
      className="receipt-sheet rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10"
      aria-labelledby="receipt-title"
      data-testid="receipt"
    >
      <ReceiptHeader receipt={receipt} zone={zone} t={t} />

      <section className="mt-6" aria-labelledby="receipt-payer">
        <h2 id="receipt-payer" className="text-sm font-semibold text-slate-500">
          {t('billedTo')}
        </h2>
        <p className="font-semibold text-slate-900" data-testid="receipt-payer">
          {receipt.payer.name}
        </p>
        <p className="text-sm break-all text-slate-600" dir="ltr">
          {receipt.payer.email}
        </p>
      </section>

      <section className="mt-6" aria-labelledby="receipt-items">
        <h2 id="receipt-items" className="sr-only">
          {t('items')}
        </h2>
        <table className="w-full text-start text-sm" data-testid="receipt-lines">
          <thead>
            <tr className="border-b border-slate-200 text-slate-500">
              <th scope="col" className="py-2 text-start font-semibold">
                {t('description')}
              </th>
              <th scope="col" className="py-2 text-end font-semibold">
                {t('amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.lines.map((line) => {
              const { title, detail } = lineText(line, t, language, zone);
              return (
                <tr
                  key={line.kind === 'lesson' ? line.reservationId : line.kind}
                  className="border-b border-slate-100 align-top"
                >
                  <td className="py-3 pe-4">
                    <p className="font-medium break-words text-slate-900">{title}</p>
                    {detail ? <p className="text-slate-600">{detail}</p> : null}
                  </td>
                  <td className="py-3 text-end whitespace-nowrap text-slate-900">{kwd(line.amount)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="pt-3 text-start text-base font-bold text-slate-900">
                {t('total')}
              </th>
              <td
                className="pt-3 text-end text-base font-bold whitespace-nowrap text-slate-900"
                data-testid="receipt-total"
              >
                {kwd(receipt.total)}
              </td>
            </tr>
          </tfoot>
        </table>
      </section>

      <section className="mt-6" aria-labelledby="receipt-paid-with">
        <h2 id="receipt-paid-with" className="text-sm font-semibold text-slate-500">
          {t('paidWith.title')}
        </h2>
        <ul className="mt-1 space-y-1 text-sm" data-testid="receipt-paid-with">
          {receipt.paidWith.map((part) => (
            <li key={part.method} className="flex justify-between gap-4">
              <span className="text-slate-900">
                {t(`paidWith.${part.method}`, { hours: formatHours(part.hours ?? 0, language, t) })}
              </span>
              <span className="whitespace-nowrap text-slate-900">{kwd(part.amount)}</span>
            </li>
          ))}
        </ul>
      </section>

      {receipt.creditedToWallet ? <p className="mt-4 text-sm text-slate-700">{t('creditedToWallet')}</p> : null}
      <RefundsSection receipt={receipt} zone={zone} t={t} />
      <p className="mt-8 border-t border-slate-200 pt-4 text-xs text-slate-500">
        {t('currencyNote', { zone: timeZoneLongName(zone, language) })}
      </p>
    </article>
  );
}
