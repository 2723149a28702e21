import type { ADMIN_DISPUTE_FILTERS, AdminDispute } from '@ustaz/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { Eye } from '../../../shared/ui/icons.tsx';
import { AdminListPage, useAdminList } from '../ui/admin-list.tsx';
import { Badge } from '../ui/badge.tsx';
import { amountColumn, dateColumn, idDateColumn, userColumn } from '../ui/cells.tsx';
import type { Column } from '../ui/data-table.tsx';
import { SelectFilter } from '../ui/filter-bar.tsx';
import { oneOf } from '../ui/list-params.ts';
import { RowAction } from '../ui/row-action.tsx';
import { useAdminDisputes } from './api/disputes.ts';
import { DISPUTE_TONES, DisputeDrawer } from './dispute-drawer.tsx';

/** The queue (open ones) unless another filter is chosen. */
const OTHER_FILTERS = ['resolved', 'all'] as const;
const FILTERS = { status: oneOf(OTHER_FILTERS) };

/**
 * /{lang}/admin/disputes: problems reported with lessons (issue 16). While one is open the teacher's
 * earning for the lesson is held; the admin opens it, sees the lesson, both parties, what was paid,
 * who attended and the report, and releases the earning or refunds the student in full or in part.
 */
export function AdminDisputesPage() {
  const { t } = useTranslation('admin-money');
  const language = useCurrentLanguage();
  const list = useAdminList(FILTERS);
  const filter = list.values.status ?? 'open';
  const status = filter === 'all' ? undefined : (filter as (typeof ADMIN_DISPUTE_FILTERS)[number]);
  const disputes = useAdminDisputes({ ...(status ? { status } : {}), ...list.paging });
  const [openId, setOpenId] = useState<number | null>(null);

  const columns: Column<AdminDispute>[] = [
    idDateColumn('created', t('disputes.columns.created'), (row) => row.createdAt),
    dateColumn('lesson', t('disputes.columns.lesson'), (row) => row.startTime),
    userColumn(
      'student',
      t('disputes.columns.student'),
      (row) => ({ id: row.studentId, name: row.studentName }),
      'min-w-40',
    ),
    {
      key: 'teacher',
      header: t('disputes.columns.teacher'),
      className: 'min-w-40',
      cell: (row) => (
        <bdi dir="auto" className="font-semibold">
          {row.teacherName}
        </bdi>
      ),
    },
    {
      key: 'reason',
      header: t('disputes.columns.reason'),
      className: 'min-w-44',
      cell: (row) => (
        <span className="flex flex-col gap-0.5">
          <span>{t(`disputes.reasons.${row.reason}`)}</span>
          <span className="text-xs text-slate-500">{t(`disputes.reportedByShort.${row.reportedBy}`)}</span>
        </span>
      ),
    },
    amountColumn('paid', t('disputes.columns.paid'), (row) => row.paid, language),
    {
      key: 'status',
      header: t('disputes.columns.status'),
      cell: (row) => <Badge tone={DISPUTE_TONES[row.status]}>{t(`disputes.status.${row.status}`)}</Badge>,
    },
    {
      key: 'open',
      header: t('common.actions'),
      cell: (row) => (
        <RowAction
          icon={Eye}
          variant={row.status === 'open' ? 'primary' : 'ghost'}
          onClick={() => setOpenId(row.id)}
          label={t('disputes.openLabel', { id: row.id })}
        >
          {t(row.status === 'open' ? 'disputes.decide' : 'disputes.view')}
        </RowAction>
      ),
    },
  ];

  return (
    <AdminListPage
      t={t}
      texts="disputes"
      list={list}
      query={disputes}
      columns={columns}
      dialogs={openId === null ? null : <DisputeDrawer id={openId} onClose={() => setOpenId(null)} />}
    >
      <SelectFilter
        {...list.select('status', (value) => t(`disputes.filters.${value}`))}
        label={t('disputes.statusFilter')}
        all={t('disputes.filters.open')}
        className="w-full sm:w-48"
      />
    </AdminListPage>
  );
}
