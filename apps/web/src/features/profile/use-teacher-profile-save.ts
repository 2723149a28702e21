import type { OwnTeacherProfile } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { ApiRequestError } from '../../shared/http/client.ts';
import { serverFieldErrors } from '../../shared/lib/server-field-errors.ts';
import { useUpdateTeacherProfile } from './api/own-teacher-profile.ts';
import { updateMe } from './api/update-me.ts';
import { uploadFile } from './api/upload-file.ts';
import {
  type NameSpellingValues,
  PROFILE_VALIDATION_VALUES,
  SPELLING_PAIRS,
  type SpellingField,
  spellingsBody,
} from './profile-schemas.ts';
import type { TeacherProfileBody } from './teacher-profile-values.ts';
import type { useChosenPhoto } from './use-chosen-photo.ts';

export const SPELLING_FIELDS = SPELLING_PAIRS.flat();

/** The checked editor split in two: the profile's PATCH body, and the name's spellings saved on the account. */
export function splitSpellings(checked: TeacherProfileBody & NameSpellingValues) {
  const { firstNameEn, lastNameEn, firstNameAr, lastNameAr, ...body } = checked;
  return { body, spellings: { firstNameEn, lastNameEn, firstNameAr, lastNameAr } };
}

/**
 * The three saves of the teacher's editor, in order: the name for English and Arabic pages (ADR
 * 020) on the account (PATCH /auth/me) when it changed, the chosen photo (uploaded once, then the
 * user's), and the profile itself.
 */
export function useTeacherProfileSave(profile: OwnTeacherProfile, photo: ReturnType<typeof useChosenPhoto>) {
  const { t } = useTranslation('profile');
  const auth = useAuth();
  const update = useUpdateTeacherProfile();
  const user = auth.user;
  return {
    /** The spellings as saved, the form's starting values. */
    savedSpellings: {
      firstNameEn: user?.firstNameEn ?? '',
      lastNameEn: user?.lastNameEn ?? '',
      firstNameAr: user?.firstNameAr ?? '',
      lastNameAr: user?.lastNameAr ?? '',
    },
    photoUrl: photo.photo?.preview ?? user?.photo?.path ?? null,

    /** Saves the spellings when they changed; false when the server refused them (its codes go to `refused`). */
    async spellings(spellings: NameSpellingValues, refused: (field: SpellingField, key: string) => void) {
      const body = spellingsBody(spellings);
      if (user && SPELLING_FIELDS.every((field) => body[field] === user[field])) return true;
      try {
        auth.setUser(await updateMe(body));
        return true;
      } catch (error) {
        const codes = serverFieldErrors(error, SPELLING_FIELDS);
        if (codes.length === 0) throw error;
        for (const [field, code] of codes) refused(field, `serverErrors.${code}`);
        return false;
      }
    },

    /** Uploads a chosen photo once (a retried save reuses it) and makes it the user's. */
    async photo() {
      const chosen = photo.photo;
      if (!chosen || chosen.uploadedId) return;
      try {
        const { file } = await uploadFile(chosen.file);
        photo.uploaded(file.id);
        auth.setUser(await updateMe({ photo: { id: file.id } }));
      } catch (error) {
        const tooLarge = error instanceof ApiRequestError && error.status === 413;
        photo.setError(tooLarge ? t('photo.tooLarge', PROFILE_VALIDATION_VALUES) : t('photo.uploadFailed'));
        throw error;
      }
    },

    profile: (body: TeacherProfileBody) => update.mutateAsync({ id: profile.id, body }),
  };
}
