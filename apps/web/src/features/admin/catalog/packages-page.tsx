import type { AdminPackage } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatKwd, formatNumber } from '../../../shared/lib/format.ts';
import { useAdminList } from '../ui/admin-list.tsx';
import { Badge } from '../ui/badge.tsx';
import { numberColumn } from '../ui/cells.tsx';
import { booleanParam } from '../ui/list-params.ts';
import { useAdminPackages } from './api/get-packages.ts';
import { CatalogListPage } from './catalog-list.tsx';
import { PACKAGES } from './package-dialog.tsx';

const FILTERS = { isActive: booleanParam };

/** /{lang}/admin/packages: the subscription packages on sale (and off sale), created and edited here. */
export function AdminPackagesPage() {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const list = useAdminList(FILTERS);
  const { isActive } = list.values;
  const packages = useAdminPackages();
  // The server sends every package at once (a short list): the filter runs here.
  const rows = packages.data?.filter((item) => isActive === undefined || String(item.isActive) === isActive);

  return (
    <CatalogListPage
      kind={PACKAGES}
      list={list}
      query={packages}
      rows={rows}
      middle={[
        numberColumn<AdminPackage>('hours', t('packages.columns.hours'), (item) => item.hours, language),
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
        numberColumn<AdminPackage>('sold', t('packages.columns.sold'), (item) => item.soldCount, language),
      ]}
    />
  );
}
