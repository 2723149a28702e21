import { type ComponentProps, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { errorText } from '../../../shared/lib/error-text.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { CircleCheck, CircleSlash, Pencil, Plus } from '../../../shared/ui/icons.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { ERROR_TEXTS } from '../admin-error-texts.ts';
import { AdminListPage, type ListQuery, type ListState } from '../ui/admin-list.tsx';
import { Badge } from '../ui/badge.tsx';
import type { Column } from '../ui/data-table.tsx';
import { SelectFilter } from '../ui/filter-bar.tsx';
import { RowAction } from '../ui/row-action.tsx';
import { type ActiveUpdate, CatalogDialog, type CatalogKind } from './catalog-dialog.tsx';

/** A subject or a package: named in both languages, on or off sale. */
type CatalogItem = { id: number; nameAr: string; nameEn: string; isActive: boolean };

/**
 * The columns of a catalog list around its own (`middle`): the name in both languages first, then
 * the status and the row's actions (edit, activate or deactivate). Words are under `subjects.` or
 * `packages.` in the admin namespace.
 */
export function useCatalogColumns<Item extends CatalogItem>({
  texts,
  update,
  onEdit,
  middle,
}: {
  texts: 'subjects' | 'packages';
  update: ActiveUpdate;
  onEdit: (item: Item) => void;
  middle: Column<Item>[];
}): Column<Item>[] {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const nameOf = (item: Item) => (language === 'ar' ? item.nameAr : item.nameEn);

  function toggleActive(item: Item) {
    update.mutate(
      { id: item.id, body: { isActive: !item.isActive } },
      {
        onSuccess: () =>
          void notify.success(t(`${texts}.${item.isActive ? 'deactivated' : 'activated'}`, { name: nameOf(item) })),
        onError: (error) => void notify.error(errorText(error, t, ERROR_TEXTS.admin)),
      },
    );
  }

  return [
    {
      key: 'name',
      header: t(`${texts}.columns.name`),
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
    ...middle,
    {
      key: 'status',
      header: t(`${texts}.columns.status`),
      cell: (item) => (
        <Badge tone={item.isActive ? 'success' : 'neutral'}>
          {t(item.isActive ? 'catalog.active' : 'catalog.inactive')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t(`${texts}.columns.actions`),
      cell: (item) => (
        <div className="flex gap-2">
          <RowAction
            icon={Pencil}
            variant="ghost"
            onClick={() => onEdit(item)}
            label={t(`${texts}.editNamed`, { name: nameOf(item) })}
          >
            {t('actions.edit')}
          </RowAction>
          <RowAction
            icon={item.isActive ? CircleSlash : CircleCheck}
            loading={update.isPending && update.variables?.id === item.id}
            onClick={() => toggleActive(item)}
            label={t(`${texts}.${item.isActive ? 'deactivateNamed' : 'activateNamed'}`, { name: nameOf(item) })}
          >
            {t(item.isActive ? 'catalog.deactivate' : 'catalog.activate')}
          </RowAction>
        </div>
      ),
    },
  ];
}

/** The "Status: all, active, inactive" filter of a catalog list. */
export function ActiveFilter(field: { name: string; value: string; onApply: (value: string) => void }) {
  const { t } = useTranslation('admin');
  return (
    <SelectFilter
      {...field}
      label={t('catalog.activeFilter')}
      all={t('catalog.all')}
      options={[
        { value: 'true', label: t('catalog.active') },
        { value: 'false', label: t('catalog.inactive') },
      ]}
    />
  );
}

type ChoiceField = ComponentProps<typeof ActiveFilter>;

/**
 * A catalog list page: the list with its filters (the children, then the status filter), a
 * "create" button, and the dialog that creates or edits an item of `kind`. The list's
 * (de)activation has its own update mutation, apart from the dialog's.
 */
export function CatalogListPage<Item extends CatalogItem, Body>({
  kind,
  middle,
  children,
  ...page
}: {
  kind: CatalogKind<Item, Body>;
  list: ListState & { choice: (key: 'isActive') => ChoiceField };
  query: ListQuery<Item>;
  rows?: Item[];
  middle: Column<Item>[];
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const [editing, setEditing] = useState<{ item: Item | null } | null>(null);
  const columns = useCatalogColumns<Item>({
    texts: kind.texts,
    update: kind.useUpdate(),
    onEdit: (item) => setEditing({ item }),
    middle,
  });
  return (
    <AdminListPage
      t={t}
      texts={kind.texts}
      {...page}
      columns={columns}
      rowKey={(item) => item.id}
      actions={
        <Button onClick={() => setEditing({ item: null })}>
          <Plus aria-hidden="true" className="size-4" />
          {t(`${kind.texts}.create`)}
        </Button>
      }
      dialogs={
        <CatalogDialog
          open={editing !== null}
          item={editing?.item ?? null}
          kind={kind}
          onClose={() => setEditing(null)}
        />
      }
    >
      {children}
      <ActiveFilter {...page.list.choice('isActive')} />
    </AdminListPage>
  );
}
