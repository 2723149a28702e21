import { BOOKING, PHOTO_MAX_BYTES, TEACHER_APPLICATION_LIMITS } from '@ustaz/contract';
import { FileText, X } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { ApiRequestError } from '../../shared/http/client.ts';
import { translate } from '../../shared/i18n/translate.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { errorText, fieldErrorKey } from '../../shared/lib/error-text.ts';
import { formatKwd, formatNumber } from '../../shared/lib/format.ts';
import { serverFieldErrors } from '../../shared/lib/server-field-errors.ts';
import { useActiveSubjects } from '../../shared/subjects/api.ts';
import {
  HourlyRateInput,
  TeacherAboutFields,
  TeacherSubjectsField,
  textFieldProps,
  VideoLinkField,
} from '../../shared/teachers/teacher-fields.tsx';
import { Alert } from '../../shared/ui/alert.tsx';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { SubmitButton } from '../../shared/ui/button.tsx';
import { FormSection } from '../../shared/ui/form-section.tsx';
import { TextInput } from '../../shared/ui/text-input.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { useSubmitApplication } from './api/submit-application.ts';
import { setProfilePhoto, uploadApplicationFile } from './api/upload.ts';
import {
  type ApplicationField,
  type ApplicationValues,
  checkApplication,
  EMPTY_APPLICATION,
} from './application-values.ts';
import { ERROR_TEXTS } from './teach-error-texts.ts';

/** The fields a 422 may name, in the form's order (the first one with an error gets the focus). */
const FIELDS: readonly ApplicationField[] = [
  'bioAr',
  'bioEn',
  'major',
  'experienceYears',
  'subjectIds',
  'missingSubject',
  'hourlyRate',
  'videoUrl',
  'certificateFileId',
];

const FIELD_IDS: Record<ApplicationField, string> = {
  bioAr: 'teach-bio-ar',
  bioEn: 'teach-bio-en',
  major: 'teach-major',
  experienceYears: 'teach-years',
  hourlyRate: 'teach-rate',
  subjectIds: 'teach-subjects',
  missingSubject: 'teach-missing-subject',
  videoUrl: 'teach-video',
  certificateFileId: 'teach-certificate',
};

const CERTIFICATE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf'];

type Chosen = { file: File; uploadedId: string | null };

/**
 * The application to teach: both bios, major, years, subjects (and one that is missing), hourly
 * rate (Arabic-Indic digits accepted), a video link with its live preview, the profile photo and an
 * optional certificate. Checked with the contract's schema before sending; the server's field
 * codes land under the same fields.
 */
export function ApplicationForm() {
  const { t } = useTranslation('teach');
  const language = useCurrentLanguage();
  const auth = useAuth();
  const subjects = useActiveSubjects(language);
  const submit = useSubmitApplication();
  const [values, setValues] = useState<ApplicationValues>(EMPTY_APPLICATION);
  const [errors, setErrors] = useState<Partial<Record<ApplicationField, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [photo, setPhoto] = useState<Chosen | null>(null);
  const [photoPreview, setPhotoPreview] = useState<string | null>(null);
  const [certificate, setCertificate] = useState<Chosen | null>(null);
  const [sending, setSending] = useState(false);
  const photoInputId = useId();
  const fieldText = fieldErrorKey(ERROR_TEXTS.teach);

  useEffect(() => {
    if (!photo) return;
    const url = URL.createObjectURL(photo.file);
    setPhotoPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  function set<K extends keyof ApplicationValues>(field: K, value: ApplicationValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function toggleSubject(id: number, checked: boolean) {
    set('subjectIds', checked ? [...values.subjectIds, id] : values.subjectIds.filter((value) => value !== id));
  }

  function showErrors(codes: Partial<Record<ApplicationField, string>>) {
    const texts: Partial<Record<ApplicationField, string>> = {};
    for (const [field, code] of Object.entries(codes)) {
      // A rate below BOOKING.minPricePerHourKwd (the form's check or the server's) says the minimum.
      const key = field === 'hourlyRate' && code === 'tooSmall' ? 'errors.rateTooSmall' : fieldText(code ?? '');
      texts[field as ApplicationField] = translate(t, key, { min: formatKwd(BOOKING.minPricePerHourKwd, language) });
    }
    setErrors(texts);
    const first = FIELDS.find((field) => texts[field]);
    if (!first) return;
    // Centred, so the sticky navigation bar does not cover the field.
    const element = document.getElementById(FIELD_IDS[first]);
    element?.focus({ preventScroll: true });
    element?.scrollIntoView?.({ block: 'center' });
  }

  function chooseFile(event: ChangeEvent<HTMLInputElement>, kind: 'photo' | 'certificate') {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const allowed = kind === 'photo' ? file.type.startsWith('image/') : CERTIFICATE_TYPES.includes(file.type);
    const problem = file.size > PHOTO_MAX_BYTES ? 'fileTooLarge' : allowed ? null : 'fileType';
    if (kind === 'photo') {
      if (problem) return void notify.error(t(`errors.${problem}`));
      setPhoto({ file, uploadedId: null });
    } else {
      setErrors((current) => ({ ...current, certificateFileId: problem ? t(`errors.${problem}`) : undefined }));
      if (!problem) setCertificate({ file, uploadedId: null });
    }
  }

  /** Uploads a chosen file once (a retried submit reuses it); null when nothing was chosen. */
  async function uploaded(chosen: Chosen | null, purpose: 'public' | 'certificate'): Promise<string | null> {
    if (!chosen) return null;
    if (chosen.uploadedId) return chosen.uploadedId;
    const { file } = await uploadApplicationFile(chosen.file, purpose);
    const next = { ...chosen, uploadedId: file.id };
    if (purpose === 'public') setPhoto(next);
    else setCertificate(next);
    return file.id;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setGeneral(null);
    const checked = checkApplication(values, null);
    if ('errors' in checked) return showErrors(checked.errors);
    setSending(true);
    try {
      if (photo && !photo.uploadedId) {
        const photoId = await uploaded(photo, 'public');
        if (photoId) auth.setUser(await setProfilePhoto(photoId));
      }
      const certificateFileId = await uploaded(certificate, 'certificate').catch((error: unknown) => {
        setErrors((current) => ({ ...current, certificateFileId: t('errors.uploadFailed') }));
        throw error;
      });
      const final = checkApplication(values, certificateFileId);
      if ('errors' in final) return showErrors(final.errors);
      await submit.mutateAsync(final.body);
      void notify.success(t('form.sent'));
    } catch (error) {
      const fields = Object.fromEntries(serverFieldErrors(error, FIELDS));
      if (Object.keys(fields).length > 0) showErrors(fields);
      else if (!(error instanceof ApiRequestError && error.status === 413)) {
        setGeneral(errorText(error, t, ERROR_TEXTS.teach));
      } else setGeneral(t('errors.fileTooLarge'));
    } finally {
      setSending(false);
    }
  }

  /** The props every text field of the form shares: its id, name, value, change and error. */
  const form = { ids: FIELD_IDS, values, errors, set };
  const textField = (field: 'missingSubject' | 'hourlyRate' | 'videoUrl') => textFieldProps(field, form);

  const photoUrl = photoPreview ?? auth.user?.photo?.path ?? null;

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-6"
      aria-labelledby="teach-form-title"
    >
      <div className="flex flex-col gap-1">
        <h2 id="teach-form-title" className="text-2xl font-bold text-slate-900">
          {t('form.title')}
        </h2>
        <p className="text-slate-700">{t('form.subtitle')}</p>
      </div>
      {general ? <Alert>{general}</Alert> : null}

      <FormSection title={t('form.about')}>
        <TeacherAboutFields
          form={form}
          bioMax={2000}
          required
          texts={{
            bioAr: t('form.bioAr'),
            bioEn: t('form.bioEn'),
            bioHelp: t('form.bioHelp', { min: formatNumber(TEACHER_APPLICATION_LIMITS.bioMin, language) }),
            major: t('form.major'),
            majorPlaceholder: t('form.majorPlaceholder'),
            experienceYears: t('form.experienceYears'),
          }}
        />
      </FormSection>

      <FormSection title={t('form.teaching')}>
        <TeacherSubjectsField
          id={FIELD_IDS.subjectIds}
          texts={{
            legend: t('form.subjects'),
            help: t('form.subjectsHelp'),
            loading: t('form.subjectsLoading'),
            failed: t('form.subjectsError'),
            retry: t('form.retry'),
          }}
          list={{
            items: subjects.data?.data ?? [],
            pending: subjects.isPending,
            failed: subjects.isError,
            retry: () => void subjects.refetch(),
          }}
          chosen={values.subjectIds}
          onToggle={toggleSubject}
          error={errors.subjectIds}
          required
        />
        <TextInput
          {...textField('missingSubject')}
          label={t('form.missingSubject')}
          helperText={t('form.missingSubjectHelp')}
          maxLength={TEACHER_APPLICATION_LIMITS.missingSubjectMax}
        />
        <HourlyRateInput
          field={textField('hourlyRate')}
          label={t('form.hourlyRate')}
          help={t('form.hourlyRateHelp')}
          required
        />
      </FormSection>

      <FormSection title={t('form.media')}>
        <div className="flex flex-wrap items-center gap-4">
          <Avatar
            firstName={auth.user?.firstName ?? ''}
            lastName={auth.user?.lastName ?? ''}
            photoUrl={photoUrl}
            size="xl"
          />
          <div className="flex flex-col gap-1">
            <span className="text-sm font-semibold text-slate-800">{t('form.photo')}</span>
            <label
              htmlFor={photoInputId}
              className="inline-flex min-h-11 w-fit cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
            >
              {t(photoUrl ? 'form.photoChange' : 'form.photoChoose')}
              <input
                id={photoInputId}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif"
                className="sr-only"
                onChange={(event) => chooseFile(event, 'photo')}
              />
            </label>
            <p className="text-sm text-slate-600">{t('form.photoHelp')}</p>
          </div>
        </div>
        <VideoLinkField
          field={textField('videoUrl')}
          required
          texts={{
            label: t('form.videoUrl'),
            help: t('form.videoUrlHelp'),
            preview: t('form.videoPreview'),
            unknown: t('form.videoUnknown'),
          }}
        />
        <div className="flex flex-col gap-1">
          <span className="text-sm font-semibold text-slate-800">{t('form.certificate')}</span>
          {certificate ? (
            <p className="inline-flex w-fit items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm">
              <FileText aria-hidden="true" className="size-4 shrink-0" />
              <bdi className="max-w-56 truncate" dir="auto">
                {certificate.file.name}
              </bdi>
              <button
                type="button"
                onClick={() => setCertificate(null)}
                className="inline-flex min-h-8 items-center gap-1 rounded px-1 font-semibold text-red-700 hover:bg-red-50"
              >
                <X aria-hidden="true" className="size-4" />
                {t('form.certificateRemove')}
              </button>
            </p>
          ) : (
            <label className="inline-flex min-h-11 w-fit cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary">
              {t('form.certificateChoose')}
              <input
                id={FIELD_IDS.certificateFileId}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif,application/pdf"
                className="sr-only"
                aria-label={t('form.certificate')}
                onChange={(event) => chooseFile(event, 'certificate')}
              />
            </label>
          )}
          <p className="text-sm text-slate-600">{t('form.certificateHelp')}</p>
          {errors.certificateFileId ? (
            <p className="text-sm font-semibold text-red-700">{errors.certificateFileId}</p>
          ) : null}
        </div>
      </FormSection>

      <SubmitButton
        size="lg"
        className="self-start"
        submitting={sending}
        text={t('form.submit')}
        busyText={t('form.submitting')}
      />
    </form>
  );
}
