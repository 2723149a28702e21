import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../../shared/lib/format.ts';
import { useAdminDisputes } from './api/disputes.ts';

/** The admin navigation's count of open disputes (nothing when none). */
export function OpenDisputesBadge() {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const open = useAdminDisputes({ status: 'open', page: 1, limit: 1 });
  const count = open.data?.total ?? 0;
  if (count === 0) return null;
  return (
    // relative: the sr-only text is positioned, and must not widen the page past the nav's scroller.
    <span
      className="relative ms-auto rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white"
      data-testid="open-disputes-badge"
    >
      <span aria-hidden="true">{formatNumber(count, language)}</span>
      <span className="sr-only">{t('disputes.openCount', { count })}</span>
    </span>
  );
}
