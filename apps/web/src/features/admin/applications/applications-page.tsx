import type { AdminTeacherApplication } from '@ustaz/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/lib/error-text.ts';
import { notify } from '../../../shared/ui/toast.tsx';
import { ERROR_TEXTS as ADMIN_TEXTS } from '../admin-error-texts.ts';
import { AdminListPage, useAdminList } from '../ui/admin-list.tsx';
import { SelectFilter } from '../ui/filter-bar.tsx';
import { oneOf } from '../ui/list-params.ts';
import { ReasonDialog } from '../ui/reason-dialog.tsx';
import { useDecideApplication } from './api/decide-application.ts';
import { useAdminApplications } from './api/get-applications.ts';
import { nameOf, useApplicationColumns } from './application-columns.tsx';
import { ERROR_TEXTS } from './applications-error-texts.ts';

/** The status filter: waiting ones unless another is chosen (the queue is the default). */
const OTHER_STATUSES = ['approved', 'rejected', 'all'] as const;
const FILTERS = { status: oneOf(OTHER_STATUSES) };

/**
 * /{lang}/admin/teacher-applications: students who asked to teach, the waiting ones first (oldest
 * first). Approving makes the applicant a listed teacher; rejecting asks for the reason they are told.
 */
export function AdminApplicationsPage() {
  const { t } = useTranslation('admin');
  const list = useAdminList(FILTERS);
  const status = list.values.status ?? 'pending';
  const applications = useAdminApplications({ status, ...list.paging });
  const decide = useDecideApplication();
  const [rejecting, setRejecting] = useState<AdminTeacherApplication | null>(null);

  function failed(error: unknown) {
    void notify.error(errorText(error, t, ERROR_TEXTS.adminApplications, () => errorText(error, t, ADMIN_TEXTS.admin)));
  }

  function approve(row: AdminTeacherApplication) {
    decide.mutate(
      { id: row.id },
      {
        onSuccess: () => void notify.success(t('applications.approved_done', { name: nameOf(row) })),
        onError: failed,
      },
    );
  }

  async function confirmReject(reason: string) {
    if (!rejecting) return;
    try {
      await decide.mutateAsync({ id: rejecting.id, reason });
      void notify.success(t('applications.rejected_done', { name: nameOf(rejecting) }));
    } catch (error) {
      failed(error);
      throw error;
    }
  }

  const columns = useApplicationColumns({ decide, approve, setRejecting });

  return (
    <AdminListPage
      t={t}
      texts="applications"
      list={list}
      query={applications}
      columns={columns}
      dialogs={
        <ReasonDialog
          open={rejecting !== null}
          title={rejecting ? t('applications.rejectTitle', { name: nameOf(rejecting) }) : ''}
          message={<p>{t('applications.rejectMessage')}</p>}
          confirmText={t('applications.rejectConfirm')}
          onClose={() => setRejecting(null)}
          onConfirm={confirmReject}
        />
      }
    >
      <SelectFilter
        {...list.select('status', (value) => t(`applications.statuses.${value}`))}
        label={t('applications.statusFilter')}
        all={t('applications.statuses.pending')}
        className="w-full sm:w-48"
      />
    </AdminListPage>
  );
}
