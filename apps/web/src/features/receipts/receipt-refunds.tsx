import type { Receipt } from '@ustaz/contract';
import type { Translate } from '../../shared/i18n/translate.ts';
import { formatDate } from '../../shared/lib/dates/formats.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { formatHours } from '../../shared/money/format-hours.ts';

/** The refunds against a receipt (money to the wallet, hours back), what was refunded and what stays paid; nothing when there were none. */
export function RefundsSection({ receipt, zone, t }: { receipt: Receipt; zone: string; t: Translate }) {
  const language = receipt.language;
  if (receipt.refunds.length === 0) return null;
  const kwd = (amount: string) => formatKwd(amount, language) ?? amount;
  const net = (Math.round(Number(receipt.total) * 1000) - Math.round(Number(receipt.refunded) * 1000)) / 1000;
  return (
    <section className="mt-6" aria-labelledby="receipt-refunds" data-testid="receipt-refunds">
      <h2 id="receipt-refunds" className="text-sm font-semibold text-slate-500">
        {t('refunds.title')}
      </h2>
      <table className="mt-1 w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">{t('refunds.date')}</th>
            <th scope="col">{t('refunds.what')}</th>
            <th scope="col">{t('amount')}</th>
          </tr>
        </thead>
        <tbody>
          {receipt.refunds.map((refund) => (
            <tr
              key={`${refund.at}-${refund.kind}-${refund.reservationId}`}
              className="border-b border-slate-100 align-top"
            >
              <td className="py-2 pe-3 whitespace-nowrap text-slate-600">
                <time dateTime={refund.at}>{formatDate(refund.at, language, zone)}</time>
              </td>
              <td className="py-2 pe-3 text-slate-900">
                {t(`refunds.${refund.kind}`)}
                {refund.hours > 0 ? (
                  <span className="block text-slate-600">
                    {t('refunds.hoursBack', { hours: formatHours(refund.hours, language, t) })}
                  </span>
                ) : null}
              </td>
              <td className="py-2 text-end whitespace-nowrap text-slate-900">
                {Number(refund.amount) > 0 ? `${kwd(refund.amount)} · ${t('refunds.toWallet')}` : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-700">{t('refunds.refunded')}</dt>
        <dd className="text-end whitespace-nowrap text-slate-900" data-testid="receipt-refunded">
          {kwd(receipt.refunded)}
        </dd>
        <dt className="font-bold text-slate-900">{t('refunds.net')}</dt>
        <dd className="text-end font-bold whitespace-nowrap text-slate-900">{kwd(String(net))}</dd>
      </dl>
    </section>
  );
}
