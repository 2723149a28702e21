import { PHOTO_MAX_BYTES } from '@ustaz/contract';
import { type ChangeEvent, useEffect, useState } from 'react';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { setProfilePhoto, uploadApplicationFile } from './api/upload.ts';

const CERTIFICATE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf'];

/** A chosen file, and its id once uploaded (a retried submit does not upload it again). */
type Chosen = { file: File; uploadedId: string | null };

/** Why a chosen file is refused (a text under `teach:errors.`), or null. */
export type FileProblem = 'fileTooLarge' | 'fileType' | null;

/**
 * The application's two files: the profile photo (with its preview) and the optional
 * certificate; the uploads run on sending, once each.
 */
export function useApplicationFiles() {
  const auth = useAuth();
  const [photo, setPhoto] = useState<Chosen | null>(null);
  const [photoPreview, setPhotoPreview] = useState<string | null>(null);
  const [certificate, setCertificate] = useState<Chosen | null>(null);

  useEffect(() => {
    if (!photo) return;
    const url = URL.createObjectURL(photo.file);
    setPhotoPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  /** Keeps the chosen file when allowed: its problem, or null (undefined when none was chosen). */
  function choose(event: ChangeEvent<HTMLInputElement>, kind: 'photo' | 'certificate'): FileProblem | undefined {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return undefined;
    const allowed = kind === 'photo' ? file.type.startsWith('image/') : CERTIFICATE_TYPES.includes(file.type);
    const problem = file.size > PHOTO_MAX_BYTES ? 'fileTooLarge' : allowed ? null : 'fileType';
    if (!problem) (kind === 'photo' ? setPhoto : setCertificate)({ file, uploadedId: null });
    return problem;
  }

  /** Uploads a chosen file once; null when nothing was chosen. */
  async function uploaded(chosen: Chosen | null, purpose: 'public' | 'certificate'): Promise<string | null> {
    if (!chosen) return null;
    if (chosen.uploadedId) return chosen.uploadedId;
    const { file } = await uploadApplicationFile(chosen.file, purpose);
    const next = { ...chosen, uploadedId: file.id };
    if (purpose === 'public') setPhoto(next);
    else setCertificate(next);
    return file.id;
  }

  return {
    photoUrl: photoPreview ?? auth.user?.photo?.path ?? null,
    certificateName: certificate?.file.name ?? null,
    choose,
    removeCertificate: () => setCertificate(null),
    /** Uploads a new photo and makes it the user's. */
    async savePhoto() {
      if (!photo || photo.uploadedId) return;
      const photoId = await uploaded(photo, 'public');
      if (photoId) auth.setUser(await setProfilePhoto(photoId));
    },
    /** The uploaded certificate's id, or null without one. */
    certificateId: () => uploaded(certificate, 'certificate'),
  };
}

export type ApplicationFiles = ReturnType<typeof useApplicationFiles>;
