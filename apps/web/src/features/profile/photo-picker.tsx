import { type ChangeEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Camera } from '../../shared/ui/icons.tsx';

/**
 * The profile photo as a button (the photo or initials with a camera badge) that opens the file
 * chooser; `onChoose` gets the input's change (the form checks the file and keeps its preview).
 */
export function PhotoPicker({
  id,
  firstName,
  lastName,
  photoUrl,
  disabled,
  describedBy,
  accept = 'image/*',
  onChoose,
}: {
  id?: string;
  firstName: string;
  lastName: string;
  photoUrl: string | null;
  disabled: boolean;
  describedBy: string;
  accept?: string;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation('profile');
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        id={id}
        type="button"
        onClick={() => fileInput.current?.click()}
        disabled={disabled}
        aria-describedby={describedBy}
        className="group relative rounded-full focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary disabled:cursor-not-allowed"
      >
        <Avatar firstName={firstName} lastName={lastName} photoUrl={photoUrl} size="xl" />
        <span className="absolute bottom-0 end-0 flex size-9 items-center justify-center rounded-full border-2 border-white bg-primary text-white shadow group-hover:bg-primary/90">
          <Camera aria-hidden="true" className="size-4" />
        </span>
        <span className="sr-only">{t('photo.change')}</span>
      </button>
      <input
        ref={fileInput}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="photo-input"
        onChange={onChoose}
      />
    </>
  );
}
