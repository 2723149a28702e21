import { type ChangeEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_VALIDATION_VALUES, validatePhoto } from './profile-schemas.ts';

/** A chosen photo, its preview address, and its file id once uploaded (a retried save does not upload again). */
type ChosenPhoto = { file: File; preview: string; uploadedId: string | null };

/**
 * The new profile photo of a form (the account form, the teacher's editor): `choose` checks the
 * picked file (spec 5 "Photo") and keeps it with its preview, or says why not in `error`; the
 * preview's object URL is freed when it is replaced or the form closes.
 */
export function useChosenPhoto() {
  const { t } = useTranslation('profile');
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!photo) return;
    return () => URL.revokeObjectURL(photo.preview);
  }, [photo]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = validatePhoto(file);
    setError(problem ? t(`photo.${problem}`, PROFILE_VALIDATION_VALUES) : null);
    if (!problem) setPhoto({ file, preview: URL.createObjectURL(file), uploadedId: null });
  }

  return {
    photo,
    error,
    setError,
    choose,
    /** Remembers the upload of the chosen photo, so a retried save does not upload it again. */
    uploaded: (uploadedId: string) => setPhoto((current) => (current ? { ...current, uploadedId } : current)),
  };
}
