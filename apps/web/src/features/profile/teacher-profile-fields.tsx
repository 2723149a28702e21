import type { TeacherProfile } from '@ustaz/contract';
import { type ChangeEvent, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TeacherCard } from '../../shared/teachers/teacher-card.tsx';
import { LabelledField } from '../../shared/ui/labelled-field.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import { PROFILE_VALIDATION_VALUES } from './profile-schemas.ts';

/** The fields of the teacher's editor that the application to teach does not have. */

/** The photo as a button that opens the file chooser, with its help and why a chosen one was refused. */
export function TeacherPhotoField({
  id,
  names,
  photoUrl,
  disabled,
  error,
  onChoose,
}: {
  id: string;
  names: { firstName: string; lastName: string };
  photoUrl: string | null;
  disabled: boolean;
  error: string | null;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation(['profile', 'common']);
  const helpId = useId();
  return (
    <div className="flex flex-wrap items-center gap-4">
      <PhotoPicker
        id={id}
        firstName={names.firstName}
        lastName={names.lastName}
        photoUrl={photoUrl}
        disabled={disabled}
        describedBy={helpId}
        accept="image/jpeg,image/png,image/webp,image/gif"
        onChoose={onChoose}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="text-sm font-semibold text-slate-800">{t('teacherForm.photo', { ns: 'common' })}</span>
        <p id={helpId} className="text-sm text-slate-600">
          {t('teaching.photoHelp', PROFILE_VALIDATION_VALUES)}
        </p>
        {error ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** "Also update my open slots to this rate", whose help says what happens to them once the rate changed. */
export function ApplyToOpenSlotsField({
  registration,
  rateChanged,
}: {
  registration: UseFormRegisterReturn;
  rateChanged: boolean;
}) {
  const { t } = useTranslation('profile');
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm text-slate-800">
      <input type="checkbox" {...registration} className="mt-0.5 size-5 shrink-0 accent-primary" />
      <span className="flex flex-col">
        <span className="font-semibold">{t('teaching.applyToOpenSlots')}</span>
        <span className="text-slate-600">
          {t(rateChanged ? 'teaching.applyToOpenSlotsHelpChanged' : 'teaching.applyToOpenSlotsHelp')}
        </span>
      </span>
    </label>
  );
}

/** The teacher's time zone by its name in the page's language, the IANA id after it. */
export function TimeZoneField({
  id,
  registration,
  zones,
  error,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  zones: readonly { id: string; name: string }[];
  error: string | undefined;
}) {
  const { t } = useTranslation('profile');
  return (
    <LabelledField htmlFor={id} label={t('teaching.timeZone')}>
      <select
        {...registration}
        id={id}
        aria-describedby="teacher-time-zone-help"
        aria-invalid={error ? true : undefined}
        className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:outline-2 focus:outline-primary sm:max-w-80"
      >
        {zones.map((zone) => (
          <option key={zone.id} value={zone.id} title={zone.id}>
            {`${zone.name} (\u2068${zone.id}\u2069)`}
          </option>
        ))}
      </select>
      <p id="teacher-time-zone-help" className="text-sm text-slate-600">
        {t('teaching.timeZoneHelp')}
      </p>
      {error ? <p className="text-sm font-semibold text-red-700">{error}</p> : null}
    </LabelledField>
  );
}

/** The public card as students would see it with what is typed, beside the form (below it on phones). */
export function TeacherCardPreview({ teacher }: { teacher: TeacherProfile }) {
  const { t } = useTranslation('profile');
  return (
    <aside aria-labelledby="teacher-preview-title" className="flex flex-col gap-3 lg:sticky lg:top-24">
      <h2 id="teacher-preview-title" className="text-lg font-bold text-slate-900">
        {t('teaching.preview')}
      </h2>
      <p className="text-sm text-slate-600">{t('teaching.previewNote')}</p>
      <div data-testid="card-preview">
        <TeacherCard teacher={teacher} />
      </div>
    </aside>
  );
}
