import type { PaymentPurchase } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { isolate } from '../../shared/lib/bidi.ts';
import { formatLessonRange, timeZoneLongName, viewerTimeZone } from '../../shared/lib/dates/formats.ts';
import { formatNumber } from '../../shared/lib/format.ts';

/**
 * What the payment bought (issue 17), as rows of the payment's facts: a booking's lessons, each
 * with its teacher and its date and times in the reader's zone (their profile's, else the
 * browser's), or the subscription's package. A top-up's amount is already the Amount row.
 */
export function PurchaseRows({ purchase }: { purchase: PaymentPurchase | null }) {
  const { t } = useTranslation('payment');
  const language = useCurrentLanguage();
  const { user } = useAuth();
  const zone = user?.timeZone || viewerTimeZone();
  if (purchase?.purpose === 'booking' && purchase.lessons.length > 0) {
    return (
      <>
        <dt className="text-slate-600">{t('result.lessons', { count: purchase.lessons.length })}</dt>
        <dd className="text-slate-900">
          <ul className="flex flex-col gap-1" data-testid="payment-lessons">
            {purchase.lessons.map((lesson) => (
              <li key={lesson.reservationId} className="wrap-anywhere">
                {t('result.lessonWith', {
                  time: formatLessonRange(lesson.startTime, lesson.endTime, language, zone),
                  teacher: isolate(`${lesson.teacher.firstName} ${lesson.teacher.lastName}`.trim()),
                })}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs text-slate-600">
            {t('result.timesIn', { zone: timeZoneLongName(zone, language) })}
          </p>
        </dd>
      </>
    );
  }
  if (purchase?.purpose === 'subscription') {
    const hours = purchase.package.hours;
    return (
      <>
        <dt className="text-slate-600">{t('result.package')}</dt>
        <dd className="font-semibold text-slate-900 wrap-anywhere" data-testid="payment-package">
          {t('result.packageValue', {
            name: isolate(purchase.package.name),
            hours: t('hours', { count: hours, number: formatNumber(hours, language, hours % 1 ? 2 : 0) }),
          })}
        </dd>
      </>
    );
  }
  return null;
}
