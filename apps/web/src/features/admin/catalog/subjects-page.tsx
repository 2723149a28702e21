import type { AdminSubject } from '@ustaz/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../../shared/lib/format.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { AdminListPage, useAdminList } from '../ui/admin-list.tsx';
import { booleanParam, optional } from '../ui/list-params.ts';
import { SearchBox } from '../ui/search-box.tsx';
import { useAdminSubjects } from './api/get-subjects.ts';
import { useUpdateSubject } from './api/update-subject.ts';
import { ActiveFilter, useCatalogColumns } from './catalog-list.tsx';
import { SubjectDialog } from './subject-dialog.tsx';

const FILTERS = { search: optional, isActive: booleanParam };

type Editing = { subject: AdminSubject | null } | null;

/** /{lang}/admin/subjects: the subjects students search by, created, edited and (de)activated here. */
export function AdminSubjectsPage() {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const list = useAdminList(FILTERS);
  const subjects = useAdminSubjects({ ...list.values, ...list.paging });
  const update = useUpdateSubject();
  const [editing, setEditing] = useState<Editing>(null);

  const columns = useCatalogColumns<AdminSubject>({
    texts: 'subjects',
    update,
    onEdit: (subject) => setEditing({ subject }),
    middle: [
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
    ],
  });

  return (
    <AdminListPage
      t={t}
      texts="subjects"
      list={list}
      query={subjects}
      columns={columns}
      actions={
        <Button onClick={() => setEditing({ subject: null })}>
          <Plus aria-hidden="true" className="size-4" />
          {t('subjects.create')}
        </Button>
      }
      dialogs={
        <SubjectDialog open={editing !== null} subject={editing?.subject ?? null} onClose={() => setEditing(null)} />
      }
    >
      <SearchBox
        {...list.input('search')}
        label={t('subjects.searchLabel')}
        placeholder={t('subjects.searchPlaceholder')}
      />
      <ActiveFilter {...list.choice('isActive')} />
    </AdminListPage>
  );
}
