import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@ustaz/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { ApiRequestError } from '../../shared/http/client.ts';
import {
  errorText,
  fieldErrorCodes,
  fieldErrorKey,
  isNetworkError,
  serverMessage,
} from '../../shared/lib/error-text.ts';
import { applyServerFieldErrors } from '../../shared/lib/server-field-errors.ts';
import { accountFieldsOf, NameFields } from '../../shared/ui/account-fields.tsx';
import { Alert } from '../../shared/ui/alert.tsx';
import { FormButtons } from '../../shared/ui/form-buttons.tsx';
import { TextInput } from '../../shared/ui/text-input.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { updateMe } from './api/update-me.ts';
import { uploadFile } from './api/upload-file.ts';
import { NameSpellingFields } from './name-spelling-fields.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import { ERROR_TEXTS } from './profile-error-texts.ts';
import {
  PROFILE_VALIDATION_VALUES,
  type ProfileFormValues,
  profileFormSchema,
  spellingsBody,
} from './profile-schemas.ts';
import { useChosenPhoto } from './use-chosen-photo.ts';

const SERVER_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'firstNameEn',
  'lastNameEn',
  'firstNameAr',
  'lastNameAr',
] as const;

type Phase = 'idle' | 'uploading' | 'saving';

/**
 * The edit-profile form (spec 2 "Edit profile", 4, 5, 8): avatar with a change-photo click,
 * first and last name, the read-only e-mail, and a save button that says when the photo is
 * uploading. The photo is uploaded first; if that fails the save stops.
 */
export function EditProfileForm({ onSaved, onCancel }: { onSaved?: (user: User) => void; onCancel?: () => void }) {
  const { t } = useTranslation('profile');
  const auth = useAuth();
  const user = auth.user;
  const photoHelpId = useId();
  const chosen = useChosenPhoto();
  const photo = chosen.photo;
  const [phase, setPhase] = useState<Phase>('idle');
  const [generalError, setGeneralError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      firstNameEn: user?.firstNameEn ?? '',
      lastNameEn: user?.lastNameEn ?? '',
      firstNameAr: user?.firstNameAr ?? '',
      lastNameAr: user?.lastNameAr ?? '',
    },
  });

  if (!user) return null;

  function uploadErrorText(error: unknown): string {
    if (error instanceof ApiRequestError && error.status === 413) return t('photo.tooLarge', PROFILE_VALIDATION_VALUES);
    if (fieldErrorCodes(error).file === 'invalidType') return t('photo.invalidType');
    if (isNetworkError(error)) return t('edit.network');
    return serverMessage(error) ?? t('photo.unknownError');
  }

  const onSubmit = handleSubmit(async (values) => {
    setGeneralError(null);
    let photoId = photo?.uploadedId ?? null;
    if (photo && !photoId) {
      setPhase('uploading');
      try {
        photoId = (await uploadFile(photo.file)).file.id;
        chosen.uploaded(photoId);
      } catch (error) {
        setPhase('idle');
        const text = uploadErrorText(error);
        chosen.setError(text);
        void notify.error(t('photo.uploadFailed'), { description: text });
        return;
      }
    }
    setPhase('saving');
    try {
      const updated = await updateMe({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        // An empty pair clears that spelling (the form's check lets only whole pairs through).
        ...spellingsBody({
          firstNameEn: values.firstNameEn ?? '',
          lastNameEn: values.lastNameEn ?? '',
          firstNameAr: values.firstNameAr ?? '',
          lastNameAr: values.lastNameAr ?? '',
        }),
        ...(photoId ? { photo: { id: photoId } } : {}),
      });
      auth.setUser(updated);
      setPhase('idle');
      void notify.success(t('edit.saved'));
      onSaved?.(updated);
    } catch (error) {
      setPhase('idle');
      applyServerFieldErrors(error, setError, SERVER_FIELDS, { message: fieldErrorKey(ERROR_TEXTS.profileFields) });
      const general = errorText(error, t, ERROR_TEXTS.profileEdit);
      setGeneralError(general);
      void notify.error(t('edit.updateFailed'), { description: general });
    }
  });

  const message = (key: string | undefined) =>
    key ? t(key, { ...PROFILE_VALIDATION_VALUES, defaultValue: t('serverErrors.invalid') }) : undefined;
  const field = accountFieldsOf(register, errors, message);
  const busy = phase !== 'idle';
  const photoUrl = photo?.preview ?? user.photo?.path ?? null;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label={t('edit.title')}>
      <div className="flex flex-col items-center gap-2">
        <PhotoPicker
          firstName={user.firstName}
          lastName={user.lastName}
          photoUrl={photoUrl}
          disabled={busy}
          describedBy={photoHelpId}
          onChoose={chosen.choose}
        />
        <p id={photoHelpId} className="text-sm text-slate-500">
          {t('photo.hint', PROFILE_VALIDATION_VALUES)}
        </p>
        {chosen.error ? (
          <p role="alert" className="text-sm text-red-600">
            {chosen.error}
          </p>
        ) : null}
      </div>

      {generalError ? <Alert>{generalError}</Alert> : null}

      <NameFields
        firstName={field('firstName', t('fields.firstName'))}
        lastName={field('lastName', t('fields.lastName'))}
        maxLength={PROFILE_VALIDATION_VALUES.nameMax}
      />
      <NameSpellingFields
        input={(name, label) => {
          const { registration, error } = field(name, label);
          return { ...registration, label, error };
        }}
      />
      <TextInput
        name="email"
        label={t('fields.email')}
        value={user.email}
        type="email"
        disabled
        helperText={errors.email ? undefined : t('fields.emailReadOnly')}
        error={message(errors.email?.message)}
      />

      <FormButtons
        onCancel={onCancel}
        cancelText={t('edit.cancel')}
        submitting={busy}
        submitText={
          phase === 'uploading' ? t('edit.uploading') : phase === 'saving' ? t('edit.saving') : t('edit.save')
        }
      />
    </form>
  );
}
