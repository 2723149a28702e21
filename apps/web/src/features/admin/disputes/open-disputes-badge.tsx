import { useTranslation } from 'react-i18next';
import { NavCountBadge } from '../ui/nav-count-badge.tsx';
import { useAdminDisputes } from './api/disputes.ts';

/** The admin navigation's count of open disputes (nothing when none). */
export function OpenDisputesBadge() {
  const { t } = useTranslation('admin');
  const count = useAdminDisputes({ status: 'open', page: 1, limit: 1 }).data?.total ?? 0;
  return <NavCountBadge count={count} label={t('disputes.openCount', { count })} testId="open-disputes-badge" />;
}
