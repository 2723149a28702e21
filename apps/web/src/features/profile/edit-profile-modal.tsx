import { useTranslation } from 'react-i18next';
import type { ModalComponentProps } from '../../shared/ui/modal/modal-context.tsx';
import { EditProfileForm } from './edit-profile-form.tsx';

/** The EDIT_PROFILE kind of the modal host: the edit form, closed after a save or on cancel. */
export function EditProfileModal({ props, closeModal, titleId }: ModalComponentProps) {
  const { t } = useTranslation('profile');
  return (
    <div className="flex flex-col gap-4">
      {props.title ? null : (
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {t('edit.title')}
        </h2>
      )}
      <EditProfileForm onSaved={closeModal} onCancel={closeModal} />
    </div>
  );
}
