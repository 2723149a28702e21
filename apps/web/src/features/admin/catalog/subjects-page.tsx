import type { AdminSubject } from '@ustaz/contract';
import { CircleCheck, CircleSlash, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../../shared/lib/format.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { adminErrorText } from '../ui/admin-errors.ts';
import { AdminPage } from '../ui/admin-page.tsx';
import { AdminPager } from '../ui/admin-pager.tsx';
import { Badge } from '../ui/badge.tsx';
import { type Column, DataTable } from '../ui/data-table.tsx';
import { FilterBar } from '../ui/filter-bar.tsx';
import { SelectField } from '../ui/form-fields.tsx';
import { optional, useListParams } from '../ui/list-params.ts';
import { SearchBox } from '../ui/search-box.tsx';
import { useAdminSubjects } from './api/get-subjects.ts';
import { useUpdateSubject } from './api/update-subject.ts';
import { SubjectDialog } from './subject-dialog.tsx';

const FILTERS = ['search', 'isActive'] as const;
const PAGE_SIZE = 20;

type Editing = { subject: AdminSubject | null } | null;

/** /{lang}/admin/subjects: the subjects students search by, created, edited and (de)activated here. */
export function AdminSubjectsPage() {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const { page, filters, setFilter, setFilters, setPage } = useListParams(FILTERS);
  const isActive = filters.isActive === 'true' || filters.isActive === 'false' ? filters.isActive : undefined;
  const subjects = useAdminSubjects({ search: optional(filters.search), isActive, page, limit: PAGE_SIZE });
  const update = useUpdateSubject();
  const [editing, setEditing] = useState<Editing>(null);
  const filtered = Boolean(filters.search || isActive);

  function toggleActive(subject: AdminSubject) {
    update.mutate(
      { id: subject.id, body: { isActive: !subject.isActive } },
      {
        onSuccess: () =>
          void notify.success(
            t(subject.isActive ? 'subjects.deactivated' : 'subjects.activated', { name: subjectName(subject) }),
          ),
        onError: (error) => void notify.error(adminErrorText(error, t)),
      },
    );
  }

  function subjectName(subject: AdminSubject) {
    return language === 'ar' ? subject.nameAr : subject.nameEn;
  }

  const columns: Column<AdminSubject>[] = [
    {
      key: 'name',
      header: t('subjects.columns.name'),
      cell: (subject) => (
        <div className="flex min-w-40 flex-col items-start">
          <span className="font-semibold text-slate-900" lang="ar" dir="rtl">
            {subject.nameAr}
          </span>
          <span className="text-slate-600" lang="en" dir="ltr">
            {subject.nameEn}
          </span>
        </div>
      ),
    },
    {
      key: 'icon',
      header: t('subjects.columns.icon'),
      cell: (subject) => (
        <code dir="ltr" className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">
          {subject.icon}
        </code>
      ),
    },
    {
      key: 'sortOrder',
      header: t('subjects.columns.sortOrder'),
      className: 'text-end tabular-nums',
      cell: (subject) => formatNumber(subject.sortOrder, language),
    },
    {
      key: 'teachers',
      header: t('subjects.columns.teachers'),
      className: 'text-end tabular-nums',
      cell: (subject) => formatNumber(subject.teachersCount, language),
    },
    {
      key: 'status',
      header: t('subjects.columns.status'),
      cell: (subject) => (
        <Badge tone={subject.isActive ? 'success' : 'neutral'}>
          {t(subject.isActive ? 'catalog.active' : 'catalog.inactive')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('subjects.columns.actions'),
      cell: (subject) => (
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setEditing({ subject })}
            aria-label={t('subjects.editNamed', { name: subjectName(subject) })}
          >
            <Pencil aria-hidden="true" className="size-4" />
            {t('actions.edit')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            loading={update.isPending && update.variables?.id === subject.id}
            onClick={() => toggleActive(subject)}
            aria-label={t(subject.isActive ? 'subjects.deactivateNamed' : 'subjects.activateNamed', {
              name: subjectName(subject),
            })}
          >
            {subject.isActive ? (
              <CircleSlash aria-hidden="true" className="size-4" />
            ) : (
              <CircleCheck aria-hidden="true" className="size-4" />
            )}
            {t(subject.isActive ? 'catalog.deactivate' : 'catalog.activate')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('subjects.title')}
      description={t('subjects.description')}
      actions={
        <Button onClick={() => setEditing({ subject: null })}>
          <Plus aria-hidden="true" className="size-4" />
          {t('subjects.create')}
        </Button>
      }
    >
      <FilterBar active={filtered} onClear={() => setFilters({ search: '', isActive: '' })}>
        <SearchBox
          label={t('subjects.searchLabel')}
          placeholder={t('subjects.searchPlaceholder')}
          value={filters.search}
          onSearch={(value) => setFilter('search', value)}
        />
        <SelectField
          name="isActive"
          label={t('catalog.activeFilter')}
          value={isActive ?? ''}
          onChange={(event) => setFilter('isActive', event.target.value)}
          options={[
            { value: '', label: t('catalog.all') },
            { value: 'true', label: t('catalog.active') },
            { value: 'false', label: t('catalog.inactive') },
          ]}
          className="w-full sm:w-44"
        />
      </FilterBar>
      <DataTable
        caption={t('subjects.caption')}
        columns={columns}
        rows={subjects.data?.data}
        rowKey={(subject) => subject.id}
        loading={subjects.isFetching}
        error={subjects.isError}
        onRetry={() => void subjects.refetch()}
        retrying={subjects.isFetching}
        empty={
          filtered
            ? { title: t('subjects.noMatch.title'), body: t('subjects.noMatch.body') }
            : { title: t('subjects.empty.title'), body: t('subjects.empty.body') }
        }
        testId="subjects-table"
      />
      {subjects.data ? (
        <AdminPager
          page={subjects.data.page}
          totalPages={subjects.data.totalPages}
          total={subjects.data.total}
          onPageChange={setPage}
        />
      ) : null}
      <SubjectDialog open={editing !== null} subject={editing?.subject ?? null} onClose={() => setEditing(null)} />
    </AdminPage>
  );
}
