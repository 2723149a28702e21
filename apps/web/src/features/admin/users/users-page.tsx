import { ACCOUNT_STATUSES, type AccountStatus, type AdminUser } from '@ustaz/contract';
import { ROLE } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { RoleBadge, roleKey, StatusBadge } from '../ui/account-badges.tsx';
import { AdminPage } from '../ui/admin-page.tsx';
import { AdminPager } from '../ui/admin-pager.tsx';
import { Badge } from '../ui/badge.tsx';
import { type Column, DataTable } from '../ui/data-table.tsx';
import { FilterBar } from '../ui/filter-bar.tsx';
import { SelectField } from '../ui/form-fields.tsx';
import { formatDateTime } from '../ui/format.ts';
import { optional, useListParams } from '../ui/list-params.ts';
import { SearchBox } from '../ui/search-box.tsx';
import { useAdminUsers } from './api/get-users.ts';

const FILTERS = ['search', 'roleId', 'status'] as const;
const ROLE_IDS = [ROLE.student, ROLE.teacher, ROLE.admin] as const;
const PAGE_SIZE = 20;

function isStatus(value: string): value is AccountStatus {
  return (ACCOUNT_STATUSES as readonly string[]).includes(value);
}

/** /{lang}/admin/users: every account, searchable by name or e-mail, filtered by role and status. */
export function AdminUsersPage() {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const { page, filters, setFilter, setFilters, setPage } = useListParams(FILTERS);
  const roleId = ROLE_IDS.find((id) => String(id) === filters.roleId);
  const status = isStatus(filters.status) ? filters.status : undefined;
  const users = useAdminUsers({ search: optional(filters.search), roleId, status, page, limit: PAGE_SIZE });
  const filtered = Boolean(filters.search || roleId || status);

  const columns: Column<AdminUser>[] = [
    {
      key: 'name',
      header: t('users.columns.name'),
      cell: (user) => (
        <Link
          to={localePath(language, `/admin/users/${user.id}`)}
          className="font-semibold text-primary underline-offset-2 hover:underline"
          dir="auto"
        >
          {`${user.firstName} ${user.lastName}`}
        </Link>
      ),
    },
    {
      key: 'email',
      header: t('users.columns.email'),
      cell: (user) => (
        <span dir="ltr" className="whitespace-nowrap">
          {user.email}
        </span>
      ),
    },
    { key: 'role', header: t('users.columns.role'), cell: (user) => <RoleBadge roleId={user.roleId} /> },
    { key: 'status', header: t('users.columns.status'), cell: (user) => <StatusBadge status={user.status} /> },
    {
      key: 'confirmed',
      header: t('users.columns.confirmed'),
      cell: (user) => (
        <Badge tone={user.emailConfirmed ? 'success' : 'warning'}>
          {t(user.emailConfirmed ? 'users.confirmed.yes' : 'users.confirmed.no')}
        </Badge>
      ),
    },
    {
      key: 'created',
      header: t('users.columns.created'),
      cell: (user) => <span className="whitespace-nowrap">{formatDateTime(user.createdAt, language)}</span>,
    },
  ];

  return (
    <AdminPage title={t('users.title')} description={t('users.description')}>
      <FilterBar active={filtered} onClear={() => setFilters({ search: '', roleId: '', status: '' })}>
        <SearchBox
          label={t('users.searchLabel')}
          placeholder={t('users.searchPlaceholder')}
          value={filters.search}
          onSearch={(value) => setFilter('search', value)}
        />
        <SelectField
          name="roleId"
          label={t('users.roleFilter')}
          value={roleId ? String(roleId) : ''}
          onChange={(event) => setFilter('roleId', event.target.value)}
          options={[
            { value: '', label: t('users.allRoles') },
            ...ROLE_IDS.map((id) => ({ value: String(id), label: t(`roles.${roleKey(id)}`) })),
          ]}
          className="w-full sm:w-44"
        />
        <SelectField
          name="status"
          label={t('users.statusFilter')}
          value={status ?? ''}
          onChange={(event) => setFilter('status', event.target.value)}
          options={[
            { value: '', label: t('users.allStatuses') },
            ...ACCOUNT_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
          ]}
          className="w-full sm:w-44"
        />
      </FilterBar>
      <DataTable
        caption={t('users.caption')}
        columns={columns}
        rows={users.data?.data}
        rowKey={(user) => user.id}
        loading={users.isFetching}
        error={users.isError}
        onRetry={() => void users.refetch()}
        retrying={users.isFetching}
        empty={
          filtered
            ? { title: t('users.noMatch.title'), body: t('users.noMatch.body') }
            : { title: t('users.empty.title'), body: t('users.empty.body') }
        }
        testId="users-table"
      />
      {users.data ? (
        <AdminPager
          page={users.data.page}
          totalPages={users.data.totalPages}
          total={users.data.total}
          onPageChange={setPage}
        />
      ) : null}
    </AdminPage>
  );
}
