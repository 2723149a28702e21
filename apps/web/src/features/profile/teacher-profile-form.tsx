import { BOOKING, MEETING_LINK_MAX, type OwnTeacherProfile, TEACHER_BIO_MAX } from '@ustaz/contract';
import { type ChangeEvent, type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { ApiRequestError } from '../../shared/http/client.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { timeZoneChoices } from '../../shared/lib/dates/formats.ts';
import { errorText } from '../../shared/lib/error-text.ts';
import { formatKwd, formatNumber } from '../../shared/lib/format.ts';
import { serverFieldErrors } from '../../shared/lib/server-field-errors.ts';
import { useActiveSubjects } from '../../shared/subjects/api.ts';
import { TeacherCard } from '../../shared/teachers/teacher-card.tsx';
import {
  HourlyRateInput,
  TeacherAboutFields,
  TeacherSubjectsField,
  textFieldProps,
  VideoLinkField,
} from '../../shared/teachers/teacher-fields.tsx';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button, SubmitButton } from '../../shared/ui/button.tsx';
import { FormSection } from '../../shared/ui/form-section.tsx';
import { LabelledField } from '../../shared/ui/labelled-field.tsx';
import { TextInput } from '../../shared/ui/text-input.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { useUpdateTeacherProfile } from './api/own-teacher-profile.ts';
import { updateMe } from './api/update-me.ts';
import { uploadFile } from './api/upload-file.ts';
import { NameSpellingFields } from './name-spelling-fields.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import { ERROR_TEXTS } from './profile-error-texts.ts';
import {
  type NameSpellingValues,
  nameSpellingsSchema,
  PROFILE_VALIDATION_VALUES,
  SPELLING_PAIRS,
  type SpellingField,
  spellingsBody,
  validatePhoto,
} from './profile-schemas.ts';
import {
  checkTeacherProfile,
  previewOf,
  TEACHER_PROFILE_FIELDS,
  type TeacherProfileField,
  type TeacherProfileValues,
  valuesOf,
} from './teacher-profile-values.ts';

/** The element ids of the fields (the completeness meter links to them: `/profile/edit#teacher-video`). */
export const TEACHER_FIELD_IDS: Record<TeacherProfileField | 'photo', string> = {
  photo: 'teacher-photo',
  bioAr: 'teacher-bio-ar',
  bioEn: 'teacher-bio-en',
  major: 'teacher-major',
  experienceYears: 'teacher-years',
  subjectIds: 'teacher-subjects',
  hourlyRate: 'teacher-rate',
  timeZone: 'teacher-time-zone',
  meetingLink: 'teacher-meeting-link',
  videoUrl: 'teacher-video',
};

type ChosenPhoto = { file: File; preview: string; uploadedId: string | null };

const SPELLING_FIELDS = SPELLING_PAIRS.flat();

/**
 * The teacher's editor (issue 15 "Present yourself"): photo, both bios, major (in the page's
 * language), years, subjects, hourly rate (Arabic-Indic digits accepted) with "also update my open
 * slots", the time zone, and the intro video with its live preview; checked with the contract's
 * PATCH schema before sending, the server's field codes under the same fields; the public card
 * beside it (below on phones) follows every keystroke.
 */
export function TeacherProfileForm({
  profile,
  onSaved,
  onCancel,
}: {
  profile: OwnTeacherProfile;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('profile');
  const language = useCurrentLanguage();
  const auth = useAuth();
  const subjects = useActiveSubjects(language);
  const update = useUpdateTeacherProfile();
  const [values, setValues] = useState<TeacherProfileValues>(() => valuesOf(profile));
  const [errors, setErrors] = useState<Partial<Record<TeacherProfileField, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // The name for English and Arabic pages (ADR 020), saved on the account (PATCH /auth/me) with the profile.
  const [spellings, setSpellings] = useState<NameSpellingValues>(() => ({
    firstNameEn: auth.user?.firstNameEn ?? '',
    lastNameEn: auth.user?.lastNameEn ?? '',
    firstNameAr: auth.user?.firstNameAr ?? '',
    lastNameAr: auth.user?.lastNameAr ?? '',
  }));
  const [spellingErrors, setSpellingErrors] = useState<Partial<Record<SpellingField, string>>>({});
  const photoHelpId = useId();
  const zones = useMemo(() => timeZoneChoices(profile.timeZone, language), [profile.timeZone, language]);

  useEffect(() => {
    if (!photo) return;
    return () => URL.revokeObjectURL(photo.preview);
  }, [photo]);

  // The teacher's own subjects stay choosable even when one was deactivated since.
  const choices = useMemo(() => {
    const active = subjects.data?.data ?? [];
    const extra = profile.subjects.filter((subject) => !active.some((item) => item.id === subject.id));
    return [...active.map(({ id, name }) => ({ id, name })), ...extra];
  }, [subjects.data, profile.subjects]);
  const photoUrl = photo?.preview ?? auth.user?.photo?.path ?? null;
  const preview = previewOf(profile, values, {
    language,
    subjectNames: new Map(choices.map((subject) => [subject.id, subject.name])),
    photoPath: photoUrl,
  });
  const rateChanged = values.hourlyRate.trim() !== profile.hourlyRate;

  function set<K extends keyof TeacherProfileValues>(field: K, value: TeacherProfileValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function showErrors(codes: Partial<Record<TeacherProfileField, string>>) {
    const texts: Partial<Record<TeacherProfileField, string>> = {};
    for (const [field, code] of Object.entries(codes)) {
      // A rate below BOOKING.minPricePerHourKwd (the form's check or the server's) says the minimum.
      const key = field === 'hourlyRate' && code === 'tooSmall' ? 'rateTooSmall' : code;
      texts[field as TeacherProfileField] = t(`teaching.errors.${key}`, {
        defaultValue: t('teaching.errors.invalid'),
        max: formatNumber(TEACHER_BIO_MAX, language),
        min: formatKwd(BOOKING.minPricePerHourKwd, language),
      });
    }
    setErrors(texts);
    const first = TEACHER_PROFILE_FIELDS.find((field) => texts[field]);
    if (!first) return;
    const element = document.getElementById(TEACHER_FIELD_IDS[first]);
    element?.focus({ preventScroll: true });
    element?.scrollIntoView?.({ block: 'center' });
  }

  function choosePhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = validatePhoto(file);
    setPhotoError(problem ? t(`photo.${problem}`, PROFILE_VALIDATION_VALUES) : null);
    if (!problem) setPhoto({ file, preview: URL.createObjectURL(file), uploadedId: null });
  }

  /** Uploads a chosen photo once (a retried save reuses it) and makes it the user's. */
  async function savePhoto() {
    if (!photo || photo.uploadedId) return;
    try {
      const { file } = await uploadFile(photo.file);
      setPhoto({ ...photo, uploadedId: file.id });
      auth.setUser(await updateMe({ photo: { id: file.id } }));
    } catch (error) {
      const tooLarge = error instanceof ApiRequestError && error.status === 413;
      setPhotoError(tooLarge ? t('photo.tooLarge', PROFILE_VALIDATION_VALUES) : t('photo.uploadFailed'));
      throw error;
    }
  }

  /** Saves the spellings when they changed; false (with the texts under the fields) when they are not valid. */
  async function saveSpellings(): Promise<boolean> {
    const parsed = nameSpellingsSchema.safeParse(spellings);
    if (!parsed.success) {
      const texts: Partial<Record<SpellingField, string>> = {};
      for (const issue of parsed.error.issues) {
        texts[issue.path[0] as SpellingField] ??= t(issue.message, {
          ...PROFILE_VALIDATION_VALUES,
          defaultValue: t('serverErrors.invalid'),
        });
      }
      setSpellingErrors(texts);
      return false;
    }
    const body = spellingsBody(parsed.data);
    const saved = auth.user;
    if (saved && SPELLING_FIELDS.every((field) => body[field] === saved[field])) return true;
    try {
      auth.setUser(await updateMe(body));
      return true;
    } catch (error) {
      const codes = serverFieldErrors(error, SPELLING_FIELDS);
      if (codes.length === 0) throw error;
      setSpellingErrors(
        Object.fromEntries(
          codes.map(([field, code]) => [field, t(`serverErrors.${code}`, { defaultValue: t('serverErrors.invalid') })]),
        ),
      );
      return false;
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setGeneral(null);
    const checked = checkTeacherProfile(values, { withTimeZone: true });
    if ('errors' in checked) return showErrors(checked.errors);
    setSending(true);
    try {
      if (!(await saveSpellings())) return;
      await savePhoto();
      await update.mutateAsync({ id: profile.id, body: checked.body });
      void notify.success(t('teaching.saved'));
      onSaved();
    } catch (error) {
      const fields = Object.fromEntries(serverFieldErrors(error, TEACHER_PROFILE_FIELDS));
      if (Object.keys(fields).length > 0) showErrors(fields);
      else setGeneral(errorText(error, t, ERROR_TEXTS.teacherProfile));
    } finally {
      setSending(false);
    }
  }

  const form = { ids: TEACHER_FIELD_IDS, values, errors, set };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex min-w-0 flex-col gap-6"
        aria-label={t('teaching.editTitle')}
      >
        {general ? <Alert>{general}</Alert> : null}

        <FormSection title={t('teaching.sections.about')}>
          <div className="flex flex-wrap items-center gap-4">
            <PhotoPicker
              id={TEACHER_FIELD_IDS.photo}
              firstName={profile.user.firstName}
              lastName={profile.user.lastName}
              photoUrl={photoUrl}
              disabled={sending}
              describedBy={photoHelpId}
              accept="image/jpeg,image/png,image/webp,image/gif"
              onChoose={choosePhoto}
            />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="text-sm font-semibold text-slate-800">{t('teaching.photo')}</span>
              <p id={photoHelpId} className="text-sm text-slate-600">
                {t('teaching.photoHelp', PROFILE_VALIDATION_VALUES)}
              </p>
              {photoError ? (
                <p role="alert" className="text-sm font-semibold text-red-700">
                  {photoError}
                </p>
              ) : null}
            </div>
          </div>
          <NameSpellingFields
            input={(name, label) => ({
              name,
              label,
              value: spellings[name],
              onValueChange: (value) => {
                setSpellings((current) => ({ ...current, [name]: value }));
                setSpellingErrors((current) => ({ ...current, [name]: undefined }));
              },
              error: spellingErrors[name],
            })}
          />
          <TeacherAboutFields
            form={form}
            bioMax={TEACHER_BIO_MAX}
            texts={{
              bioAr: t('teaching.bioAr'),
              bioEn: t('teaching.bioEn'),
              bioHelp: t('teaching.bioHelp', { max: formatNumber(TEACHER_BIO_MAX, language) }),
              major: t('teaching.major'),
              majorHelp: t('teaching.majorHelp'),
              experienceYears: t('teaching.experienceYears'),
            }}
          />
        </FormSection>

        <FormSection title={t('teaching.sections.teaching')}>
          <TeacherSubjectsField
            id={TEACHER_FIELD_IDS.subjectIds}
            texts={{
              legend: t('teaching.subjects'),
              help: t('teaching.subjectsHelp'),
              failed: t('teaching.subjectsError'),
            }}
            list={{ items: choices, pending: subjects.isPending, failed: subjects.isError }}
            chosen={values.subjectIds}
            onToggle={(id, checked) =>
              set('subjectIds', checked ? [...values.subjectIds, id] : values.subjectIds.filter((item) => item !== id))
            }
            error={errors.subjectIds}
          />
          <div className="flex flex-col gap-2">
            <HourlyRateInput
              field={textFieldProps('hourlyRate', form)}
              label={t('teaching.hourlyRate')}
              help={t('teaching.hourlyRateHelp')}
            />
            <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm text-slate-800">
              <input
                type="checkbox"
                name="applyToOpenSlots"
                className="mt-0.5 size-5 shrink-0 accent-primary"
                checked={values.applyToOpenSlots}
                onChange={(event) => set('applyToOpenSlots', event.target.checked)}
              />
              <span className="flex flex-col">
                <span className="font-semibold">{t('teaching.applyToOpenSlots')}</span>
                <span className="text-slate-600">
                  {t(rateChanged ? 'teaching.applyToOpenSlotsHelpChanged' : 'teaching.applyToOpenSlotsHelp')}
                </span>
              </span>
            </label>
          </div>
          <LabelledField htmlFor={TEACHER_FIELD_IDS.timeZone} label={t('teaching.timeZone')}>
            <select
              id={TEACHER_FIELD_IDS.timeZone}
              name="timeZone"
              value={values.timeZone}
              onChange={(event) => set('timeZone', event.target.value)}
              aria-describedby="teacher-time-zone-help"
              aria-invalid={errors.timeZone ? true : undefined}
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
            {errors.timeZone ? <p className="text-sm font-semibold text-red-700">{errors.timeZone}</p> : null}
          </LabelledField>
          <TextInput
            {...textFieldProps('meetingLink', form)}
            type="url"
            dir="ltr"
            inputMode="url"
            autoComplete="off"
            label={t('teaching.meetingLink')}
            helperText={t('teaching.meetingLinkHelp')}
            placeholder="https://zoom.us/j/…"
            maxLength={MEETING_LINK_MAX}
          />
        </FormSection>

        <FormSection title={t('teaching.sections.video')}>
          <VideoLinkField
            field={textFieldProps('videoUrl', form)}
            texts={{
              label: t('teaching.videoUrl'),
              help: t('teaching.videoUrlHelp'),
              preview: t('teaching.videoPreview'),
              unknown: t('teaching.videoUnknown'),
            }}
          />
        </FormSection>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel} disabled={sending}>
            {t('edit.cancel')}
          </Button>
          <SubmitButton submitting={sending} text={t('edit.save')} busyText={t('edit.saving')} />
        </div>
      </form>

      <aside aria-labelledby="teacher-preview-title" className="flex flex-col gap-3 lg:sticky lg:top-24">
        <h2 id="teacher-preview-title" className="text-lg font-bold text-slate-900">
          {t('teaching.preview')}
        </h2>
        <p className="text-sm text-slate-600">{t('teaching.previewNote')}</p>
        <div data-testid="card-preview">
          <TeacherCard teacher={preview} />
        </div>
      </aside>
    </div>
  );
}
