import { type AdminTeacher, TEACHER_APPROVAL_FILTERS } from '@ustaz/contract';
import { CircleCheck, CircleSlash, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatKwd, formatNumber, INTL_LOCALES } from '../../../shared/lib/format.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { ApprovalBadge, StatusBadge } from '../ui/account-badges.tsx';
import { adminErrorText } from '../ui/admin-errors.ts';
import { AdminPage } from '../ui/admin-page.tsx';
import { AdminPager } from '../ui/admin-pager.tsx';
import { type Column, DataTable } from '../ui/data-table.tsx';
import { FilterBar } from '../ui/filter-bar.tsx';
import { SelectField } from '../ui/form-fields.tsx';
import { optional, useListParams } from '../ui/list-params.ts';
import { SearchBox } from '../ui/search-box.tsx';
import { useApproveTeacher } from './api/approve-teacher.ts';
import { useAdminTeachers } from './api/get-teachers.ts';
import { useUnapproveTeacher } from './api/unapprove-teacher.ts';
import { TeacherEditDialog } from './teacher-edit-dialog.tsx';

type Approval = (typeof TEACHER_APPROVAL_FILTERS)[number];
const FILTERS = ['search', 'approval'] as const;
const PAGE_SIZE = 20;

function isApproval(value: string): value is Approval {
  return (TEACHER_APPROVAL_FILTERS as readonly string[]).includes(value);
}

/**
 * /{lang}/admin/teachers: teacher profiles (pending approval first), approved or unapproved in
 * place, and edited in both languages in a dialog.
 */
export function AdminTeachersPage() {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const { page, filters, setFilter, setFilters, setPage } = useListParams(FILTERS);
  const approval: Approval = isApproval(filters.approval) ? filters.approval : 'all';
  const teachers = useAdminTeachers({ search: optional(filters.search), approval, page, limit: PAGE_SIZE });
  const approve = useApproveTeacher();
  const unapprove = useUnapproveTeacher();
  const [editing, setEditing] = useState<AdminTeacher | null>(null);
  const filtered = Boolean(filters.search) || approval !== 'all';

  function name(teacher: AdminTeacher) {
    return `${teacher.firstName} ${teacher.lastName}`;
  }

  function toggleApproval(teacher: AdminTeacher) {
    const mutation = teacher.approved ? unapprove : approve;
    mutation.mutate(teacher.id, {
      onSuccess: () =>
        void notify.success(
          t(teacher.approved ? 'teachers.unapproved' : 'teachers.approvedDone', { name: name(teacher) }),
        ),
      onError: (error) => void notify.error(adminErrorText(error, t)),
    });
  }

  function busy(teacher: AdminTeacher) {
    return (
      (approve.isPending && approve.variables === teacher.id) ||
      (unapprove.isPending && unapprove.variables === teacher.id)
    );
  }

  const columns: Column<AdminTeacher>[] = [
    {
      key: 'teacher',
      header: t('teachers.columns.teacher'),
      cell: (teacher) => (
        <div className="flex min-w-40 flex-col items-start">
          <Link
            to={localePath(language, `/admin/users/${teacher.userId}`)}
            className="font-semibold text-primary underline-offset-2 hover:underline"
            dir="auto"
          >
            {name(teacher)}
          </Link>
          <span dir="ltr" className="text-xs break-all text-slate-500">
            {teacher.email}
          </span>
        </div>
      ),
    },
    {
      key: 'subjects',
      header: t('teachers.columns.subjects'),
      cell: (teacher) =>
        teacher.subjects.length ? (
          <span dir="auto">
            {new Intl.ListFormat(INTL_LOCALES[language], { style: 'short', type: 'unit' }).format(
              teacher.subjects.map((subject) => (language === 'ar' ? subject.nameAr : subject.nameEn)),
            )}
          </span>
        ) : (
          <span className="text-slate-500">{t('teachers.noSubjects')}</span>
        ),
    },
    {
      key: 'rate',
      header: t('teachers.columns.rate'),
      className: 'text-end tabular-nums whitespace-nowrap',
      cell: (teacher) => formatKwd(teacher.hourlyRate, language),
    },
    {
      key: 'rating',
      header: t('teachers.columns.rating'),
      className: 'tabular-nums whitespace-nowrap',
      cell: (teacher) =>
        t('teachers.ratingValue', {
          rating: formatNumber(teacher.averageRating, language, 1),
          reviews: formatNumber(teacher.ratingCount, language),
          bookings: formatNumber(teacher.bookingsCount, language),
        }),
    },
    {
      key: 'status',
      header: t('teachers.columns.status'),
      cell: (teacher) => (
        <div className="flex flex-wrap gap-1">
          <ApprovalBadge approved={teacher.approved} />
          {teacher.status === 'suspended' ? <StatusBadge status="suspended" /> : null}
        </div>
      ),
    },
    {
      key: 'actions',
      header: t('teachers.columns.actions'),
      cell: (teacher) => (
        <div className="flex gap-2">
          <Button
            size="sm"
            variant={teacher.approved ? 'outline' : 'primary'}
            loading={busy(teacher)}
            onClick={() => toggleApproval(teacher)}
            aria-label={t(teacher.approved ? 'teachers.unapproveNamed' : 'teachers.approveNamed', {
              name: name(teacher),
            })}
          >
            {teacher.approved ? (
              <CircleSlash aria-hidden="true" className="size-4" />
            ) : (
              <CircleCheck aria-hidden="true" className="size-4" />
            )}
            {t(teacher.approved ? 'teachers.unapprove' : 'teachers.approve')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setEditing(teacher)}
            aria-label={t('teachers.editNamed', { name: name(teacher) })}
          >
            <Pencil aria-hidden="true" className="size-4" />
            {t('actions.edit')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <AdminPage title={t('teachers.title')} description={t('teachers.description')}>
      <FilterBar active={filtered} onClear={() => setFilters({ search: '', approval: '' })}>
        <SearchBox
          label={t('teachers.searchLabel')}
          placeholder={t('teachers.searchPlaceholder')}
          value={filters.search}
          onSearch={(value) => setFilter('search', value)}
        />
        <SelectField
          name="approval"
          label={t('teachers.approvalFilter')}
          value={approval}
          onChange={(event) => setFilter('approval', event.target.value === 'all' ? '' : event.target.value)}
          options={TEACHER_APPROVAL_FILTERS.map((value) => ({ value, label: t(`approval.${value}`) }))}
          className="w-full sm:w-48"
        />
      </FilterBar>
      <DataTable
        caption={t('teachers.caption')}
        columns={columns}
        rows={teachers.data?.data}
        rowKey={(teacher) => teacher.id}
        loading={teachers.isFetching}
        error={teachers.isError}
        onRetry={() => void teachers.refetch()}
        retrying={teachers.isFetching}
        empty={
          filtered
            ? { title: t('teachers.noMatch.title'), body: t('teachers.noMatch.body') }
            : { title: t('teachers.empty.title'), body: t('teachers.empty.body') }
        }
        testId="teachers-table"
      />
      {teachers.data ? (
        <AdminPager
          page={teachers.data.page}
          totalPages={teachers.data.totalPages}
          total={teachers.data.total}
          onPageChange={setPage}
        />
      ) : null}
      <TeacherEditDialog teacher={editing} onClose={() => setEditing(null)} />
    </AdminPage>
  );
}
