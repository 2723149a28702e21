import { useTranslation } from 'react-i18next';
import { NavCountBadge } from '../ui/nav-count-badge.tsx';
import { useAdminApplications } from './api/get-applications.ts';

/** The admin navigation's count of applications waiting for a decision (nothing when none). */
export function PendingApplicationsBadge() {
  const { t } = useTranslation('admin');
  const count = useAdminApplications({ status: 'pending', page: 1, limit: 1 }).data?.total ?? 0;
  return (
    <NavCountBadge
      count={count}
      label={t('applications.pendingCount', { count })}
      testId="pending-applications-badge"
    />
  );
}
