import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../../shared/lib/format.ts';
import { useAdminApplications } from './api/get-applications.ts';

/** The admin navigation's count of applications waiting for a decision (nothing when none). */
export function PendingApplicationsBadge() {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const pending = useAdminApplications({ status: 'pending', page: 1, limit: 1 });
  const count = pending.data?.total ?? 0;
  if (count === 0) return null;
  return (
    // relative: the sr-only text is positioned, and must not widen the page past the nav's scroller.
    <span
      className="relative ms-auto rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white"
      data-testid="pending-applications-badge"
    >
      <span aria-hidden="true">{formatNumber(count, language)}</span>
      <span className="sr-only">{t('applications.pendingCount', { count })}</span>
    </span>
  );
}
