import type { AdminPackage } from '@ustaz/contract';
import { CircleCheck, CircleSlash, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatKwd, formatNumber } from '../../../shared/lib/format.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { adminErrorText } from '../ui/admin-errors.ts';
import { AdminPage } from '../ui/admin-page.tsx';
import { Badge } from '../ui/badge.tsx';
import { type Column, DataTable } from '../ui/data-table.tsx';
import { FilterBar } from '../ui/filter-bar.tsx';
import { SelectField } from '../ui/form-fields.tsx';
import { useListParams } from '../ui/list-params.ts';
import { useAdminPackages } from './api/get-packages.ts';
import { useUpdatePackage } from './api/update-package.ts';
import { PackageDialog } from './package-dialog.tsx';

const FILTERS = ['isActive'] as const;

type Editing = { item: AdminPackage | null } | null;

/** /{lang}/admin/packages: the subscription packages on sale (and off sale), created and edited here. */
export function AdminPackagesPage() {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const { filters, setFilter } = useListParams(FILTERS);
  const packages = useAdminPackages();
  const update = useUpdatePackage();
  const [editing, setEditing] = useState<Editing>(null);
  const isActive = filters.isActive === 'true' || filters.isActive === 'false' ? filters.isActive : '';
  // The server sends every package at once (a short list): the filter runs here.
  const rows = packages.data?.filter((item) => isActive === '' || String(item.isActive) === isActive);

  function packageName(item: AdminPackage) {
    return language === 'ar' ? item.nameAr : item.nameEn;
  }

  function toggleActive(item: AdminPackage) {
    update.mutate(
      { id: item.id, body: { isActive: !item.isActive } },
      {
        onSuccess: () =>
          void notify.success(
            t(item.isActive ? 'packages.deactivated' : 'packages.activated', { name: packageName(item) }),
          ),
        onError: (error) => void notify.error(adminErrorText(error, t)),
      },
    );
  }

  const columns: Column<AdminPackage>[] = [
    {
      key: 'name',
      header: t('packages.columns.name'),
      cell: (item) => (
        <div className="flex min-w-40 flex-col items-start">
          <span className="font-semibold text-slate-900" lang="ar" dir="rtl">
            {item.nameAr}
          </span>
          <span className="text-slate-600" lang="en" dir="ltr">
            {item.nameEn}
          </span>
        </div>
      ),
    },
    {
      key: 'hours',
      header: t('packages.columns.hours'),
      className: 'text-end tabular-nums',
      cell: (item) => formatNumber(item.hours, language),
    },
    {
      key: 'price',
      header: t('packages.columns.price'),
      className: 'text-end tabular-nums whitespace-nowrap',
      cell: (item) => formatKwd(item.price, language),
    },
    {
      key: 'validity',
      header: t('packages.columns.validity'),
      className: 'tabular-nums whitespace-nowrap',
      cell: (item) => t('packages.days', { days: formatNumber(item.validityDays, language) }),
    },
    {
      key: 'discount',
      header: t('packages.columns.discount'),
      className: 'text-end tabular-nums',
      cell: (item) => t('packages.percent', { value: formatNumber(item.discountPercentage, language) }),
    },
    {
      key: 'type',
      header: t('packages.columns.type'),
      cell: (item) => <Badge tone="info">{t(`packages.types.${item.type}`)}</Badge>,
    },
    {
      key: 'sold',
      header: t('packages.columns.sold'),
      className: 'text-end tabular-nums',
      cell: (item) => formatNumber(item.soldCount, language),
    },
    {
      key: 'status',
      header: t('packages.columns.status'),
      cell: (item) => (
        <Badge tone={item.isActive ? 'success' : 'neutral'}>
          {t(item.isActive ? 'catalog.active' : 'catalog.inactive')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('packages.columns.actions'),
      cell: (item) => (
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setEditing({ item })}
            aria-label={t('packages.editNamed', { name: packageName(item) })}
          >
            <Pencil aria-hidden="true" className="size-4" />
            {t('actions.edit')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            loading={update.isPending && update.variables?.id === item.id}
            onClick={() => toggleActive(item)}
            aria-label={t(item.isActive ? 'packages.deactivateNamed' : 'packages.activateNamed', {
              name: packageName(item),
            })}
          >
            {item.isActive ? (
              <CircleSlash aria-hidden="true" className="size-4" />
            ) : (
              <CircleCheck aria-hidden="true" className="size-4" />
            )}
            {t(item.isActive ? 'catalog.deactivate' : 'catalog.activate')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('packages.title')}
      description={t('packages.description')}
      actions={
        <Button onClick={() => setEditing({ item: null })}>
          <Plus aria-hidden="true" className="size-4" />
          {t('packages.create')}
        </Button>
      }
    >
      <FilterBar active={isActive !== ''} onClear={() => setFilter('isActive', '')}>
        <SelectField
          name="isActive"
          label={t('catalog.activeFilter')}
          value={isActive}
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
        caption={t('packages.caption')}
        columns={columns}
        rows={rows}
        rowKey={(item) => item.id}
        loading={packages.isFetching}
        error={packages.isError}
        onRetry={() => void packages.refetch()}
        retrying={packages.isFetching}
        empty={
          isActive
            ? { title: t('packages.noMatch.title'), body: t('packages.noMatch.body') }
            : { title: t('packages.empty.title'), body: t('packages.empty.body') }
        }
        testId="packages-table"
      />
      <PackageDialog open={editing !== null} item={editing?.item ?? null} onClose={() => setEditing(null)} />
    </AdminPage>
  );
}
