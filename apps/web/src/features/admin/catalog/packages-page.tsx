import type { AdminPackage } from '@ustaz/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatKwd, formatNumber } from '../../../shared/lib/format.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { AdminListPage, useAdminList } from '../ui/admin-list.tsx';
import { Badge } from '../ui/badge.tsx';
import { booleanParam } from '../ui/list-params.ts';
import { useAdminPackages } from './api/get-packages.ts';
import { useUpdatePackage } from './api/update-package.ts';
import { ActiveFilter, useCatalogColumns } from './catalog-list.tsx';
import { PackageDialog } from './package-dialog.tsx';

const FILTERS = { isActive: booleanParam };

type Editing = { item: AdminPackage | null } | null;

/** /{lang}/admin/packages: the subscription packages on sale (and off sale), created and edited here. */
export function AdminPackagesPage() {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const list = useAdminList(FILTERS);
  const { isActive } = list.values;
  const packages = useAdminPackages();
  const update = useUpdatePackage();
  const [editing, setEditing] = useState<Editing>(null);
  // The server sends every package at once (a short list): the filter runs here.
  const rows = packages.data?.filter((item) => isActive === undefined || String(item.isActive) === isActive);

  const columns = useCatalogColumns<AdminPackage>({
    texts: 'packages',
    update,
    onEdit: (item) => setEditing({ item }),
    middle: [
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
    ],
  });

  return (
    <AdminListPage
      t={t}
      texts="packages"
      list={list}
      query={packages}
      rows={rows}
      columns={columns}
      actions={
        <Button onClick={() => setEditing({ item: null })}>
          <Plus aria-hidden="true" className="size-4" />
          {t('packages.create')}
        </Button>
      }
      dialogs={<PackageDialog open={editing !== null} item={editing?.item ?? null} onClose={() => setEditing(null)} />}
    >
      <ActiveFilter {...list.choice('isActive')} />
    </AdminListPage>
  );
}
