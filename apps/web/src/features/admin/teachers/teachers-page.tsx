import { type AdminTeacher, TEACHER_APPROVAL_FILTERS } from '@ustaz/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { errorText } from '../../../shared/lib/error-text.ts';
import { formatKwd, formatNumber, INTL_LOCALES } from '../../../shared/lib/format.ts';
import { CircleCheck, CircleSlash, Pencil } from '../../../shared/ui/icons.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { ERROR_TEXTS } from '../admin-error-texts.ts';
import { ApprovalBadge, StatusBadge } from '../ui/account-badges.tsx';
import { AdminListPage, useAdminList } from '../ui/admin-list.tsx';
import type { Column } from '../ui/data-table.tsx';
import { choices, SelectFilter } from '../ui/filter-bar.tsx';
import { oneOf, optional } from '../ui/list-params.ts';
import { RowAction } from '../ui/row-action.tsx';
import { SearchBox } from '../ui/search-box.tsx';
import { useApproveTeacher, useUnapproveTeacher } from './api/approval.ts';
import { useAdminTeachers } from './api/get-teachers.ts';
import { TeacherEditDialog } from './teacher-edit-dialog.tsx';

const approvalParam = oneOf(TEACHER_APPROVAL_FILTERS);
/** `all` is the approval filter's default: not a filter. */
const FILTERS = { search: optional, approval: (value: string) => (value === 'all' ? undefined : approvalParam(value)) };

/**
 * /{lang}/admin/teachers: teacher profiles (pending approval first), approved or unapproved in
 * place, and edited in both languages in a dialog.
 */
export function AdminTeachersPage() {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const list = useAdminList(FILTERS);
  const approval = list.values.approval ?? 'all';
  const teachers = useAdminTeachers({ ...list.values, approval, ...list.paging });
  const approve = useApproveTeacher();
  const unapprove = useUnapproveTeacher();
  const [editing, setEditing] = useState<AdminTeacher | null>(null);

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
      onError: (error) => void notify.error(errorText(error, t, ERROR_TEXTS.admin)),
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
          <RowAction
            icon={teacher.approved ? CircleSlash : CircleCheck}
            variant={teacher.approved ? 'outline' : 'primary'}
            loading={busy(teacher)}
            onClick={() => toggleApproval(teacher)}
            label={t(teacher.approved ? 'teachers.unapproveNamed' : 'teachers.approveNamed', { name: name(teacher) })}
          >
            {t(teacher.approved ? 'teachers.unapprove' : 'teachers.approve')}
          </RowAction>
          <RowAction
            icon={Pencil}
            variant="ghost"
            onClick={() => setEditing(teacher)}
            label={t('teachers.editNamed', { name: name(teacher) })}
          >
            {t('actions.edit')}
          </RowAction>
        </div>
      ),
    },
  ];

  return (
    <AdminListPage
      t={t}
      texts="teachers"
      list={list}
      query={teachers}
      columns={columns}
      dialogs={<TeacherEditDialog teacher={editing} onClose={() => setEditing(null)} />}
    >
      <SearchBox
        {...list.input('search')}
        label={t('teachers.searchLabel')}
        placeholder={t('teachers.searchPlaceholder')}
      />
      <SelectFilter
        name="approval"
        label={t('teachers.approvalFilter')}
        value={approval}
        onApply={(value) => list.setFilter('approval', value === 'all' ? '' : value)}
        options={choices(TEACHER_APPROVAL_FILTERS, (value) => t(`approval.${value}`))}
        className="w-full sm:w-48"
      />
    </AdminListPage>
  );
}
