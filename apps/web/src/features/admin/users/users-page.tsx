import { ACCOUNT_STATUSES, type AdminUser } from '@ustaz/contract';
import { ROLE } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { RoleBadge, roleKey, StatusBadge } from '../ui/account-badges.tsx';
import { AdminListPage, useAdminList } from '../ui/admin-list.tsx';
import { Badge } from '../ui/badge.tsx';
import { dateColumn } from '../ui/cells.tsx';
import type { Column } from '../ui/data-table.tsx';
import { SelectFilter } from '../ui/filter-bar.tsx';
import { oneOf, optional } from '../ui/list-params.ts';
import { SearchBox } from '../ui/search-box.tsx';
import { useAdminUsers } from './api/get-users.ts';

const ROLE_IDS = [ROLE.student, ROLE.teacher, ROLE.admin] as const;
const FILTERS = {
  search: optional,
  roleId: oneOf(ROLE_IDS),
  status: oneOf(ACCOUNT_STATUSES),
};

/** /{lang}/admin/users: every account, searchable by name or e-mail, filtered by role and status. */
export function AdminUsersPage() {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const list = useAdminList(FILTERS);
  const users = useAdminUsers({ ...list.values, ...list.paging });

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
    dateColumn('created', t('users.columns.created'), (user) => user.createdAt),
  ];

  return (
    <AdminListPage t={t} texts="users" list={list} query={users} columns={columns}>
      <SearchBox {...list.input('search')} label={t('users.searchLabel')} placeholder={t('users.searchPlaceholder')} />
      <SelectFilter
        {...list.select('roleId', (id) => t(`roles.${roleKey(id)}`))}
        label={t('users.roleFilter')}
        all={t('users.allRoles')}
      />
      <SelectFilter
        {...list.select('status', (value) => t(`status.${value}`))}
        label={t('users.statusFilter')}
        all={t('users.allStatuses')}
      />
    </AdminListPage>
  );
}
