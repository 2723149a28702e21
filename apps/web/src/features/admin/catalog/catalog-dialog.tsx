import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { Modal } from '../../../shared/ui/modal/modal.tsx';
import { notify } from '../../../shared/ui/toast.tsx';

/** What the form inside gets: the frame of its `AdminForm`, and where to send the body. */
export type CatalogFormProps<Body> = {
  frame: { saving: boolean; onCancel: () => void; submitText: string };
  onSave: (body: Body) => Promise<void>;
};

/**
 * The dialog that creates a subject or a package (`item` null) or edits one, open while `open`;
 * it cannot be closed while saving. Its words are under `subjectForm.` or `packageForm.`.
 */
export function CatalogDialog<Body>({
  open,
  item,
  texts,
  create,
  update,
  onClose,
  children,
}: {
  open: boolean;
  item: { id: number; nameAr: string; nameEn: string } | null;
  texts: 'subjectForm' | 'packageForm';
  create: { mutateAsync(body: Body): Promise<unknown>; isPending: boolean };
  update: { mutateAsync(variables: { id: number; body: Body }): Promise<unknown>; isPending: boolean };
  onClose: () => void;
  children: (form: CatalogFormProps<Body>) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const saving = create.isPending || update.isPending;
  function close() {
    if (!saving) onClose();
  }
  async function save(body: Body) {
    if (item) await update.mutateAsync({ id: item.id, body });
    else await create.mutateAsync(body);
    void notify.success(t(`${texts}.${item ? 'saved' : 'created'}`));
    onClose();
  }
  const submitText = saving ? t('actions.saving') : item ? t('actions.save') : t('actions.create');
  return (
    <Modal
      open={open}
      onClose={close}
      size="2xl"
      title={
        item
          ? t(`${texts}.editTitle`, { name: language === 'ar' ? item.nameAr : item.nameEn })
          : t(`${texts}.createTitle`)
      }
    >
      <Fragment key={item?.id ?? 'new'}>
        {children({ frame: { saving, onCancel: close, submitText }, onSave: save })}
      </Fragment>
    </Modal>
  );
}
