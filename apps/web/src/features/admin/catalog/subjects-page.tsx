import type { AdminSubject } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { useAdminList } from '../ui/admin-list.tsx';
import { numberColumn } from '../ui/cells.tsx';
import { booleanParam, optional } from '../ui/list-params.ts';
import { SearchBox } from '../ui/search-box.tsx';
import { useAdminSubjects } from './api/get-subjects.ts';
import { CatalogListPage } from './catalog-list.tsx';
import { SUBJECTS } from './subject-dialog.tsx';

const FILTERS = { search: optional, isActive: booleanParam };

/** /{lang}/admin/subjects: the subjects students search by, created, edited and (de)activated here. */
export function AdminSubjectsPage() {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const list = useAdminList(FILTERS);
  const subjects = useAdminSubjects({ ...list.values, ...list.paging });

  return (
    <CatalogListPage
      kind={SUBJECTS}
      list={list}
      query={subjects}
      middle={[
        {
          key: 'icon',
          header: t('subjects.columns.icon'),
          cell: (subject) => (
            <code dir="ltr" className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">
              {subject.icon}
            </code>
          ),
        },
        numberColumn<AdminSubject>(
          'sortOrder',
          t('subjects.columns.sortOrder'),
          (subject) => subject.sortOrder,
          language,
        ),
        numberColumn<AdminSubject>(
          'teachers',
          t('subjects.columns.teachers'),
          (subject) => subject.teachersCount,
          language,
        ),
      ]}
    >
      <SearchBox
        {...list.input('search')}
        label={t('subjects.searchLabel')}
        placeholder={t('subjects.searchPlaceholder')}
      />
    </CatalogListPage>
  );
}
