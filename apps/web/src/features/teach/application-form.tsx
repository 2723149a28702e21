import { PHOTO_MAX_BYTES, TEACHER_APPLICATION_LIMITS } from '@ustaz/contract';
import { FileText, X } from 'lucide-react';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { ApiRequestError } from '../../shared/http/client.ts';
import { translate } from '../../shared/i18n/translate.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { errorText, fieldErrorKey } from '../../shared/lib/error-text.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { serverFieldErrors } from '../../shared/lib/server-field-errors.ts';
import { parseVideoId, videoEmbedUrl } from '../../shared/lib/video-link.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { SubmitButton } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { TextInput } from '../../shared/ui/text-input.tsx';
import { Textarea } from '../../shared/ui/textarea.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { useSubjectOptions } from './api/get-subject-options.ts';
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

/** The two bios, each in its own language. */
const BIOS = [
  { field: 'bioAr', lang: 'ar' },
  { field: 'bioEn', lang: 'en' },
] as const;

const CERTIFICATE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf'];

type Chosen = { file: File; uploadedId: string | null };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-bold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A long text with its label, help and error (the bios). */
function LongText({
  field,
  label,
  help,
  value,
  error,
  onChange,
  lang,
}: {
  field: 'bioAr' | 'bioEn';
  label: string;
  help: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  lang: 'ar' | 'en';
}) {
  const id = FIELD_IDS[field];
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <Textarea
        id={id}
        name={field}
        lang={lang}
        rows={5}
        maxLength={2000}
        value={value}
        invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-help`} className="text-sm text-slate-600">
        {help}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

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
  const subjects = useSubjectOptions(language);
  const submit = useSubmitApplication();
  const [values, setValues] = useState<ApplicationValues>(EMPTY_APPLICATION);
  const [errors, setErrors] = useState<Partial<Record<ApplicationField, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [photo, setPhoto] = useState<Chosen | null>(null);
  const [photoPreview, setPhotoPreview] = useState<string | null>(null);
  const [certificate, setCertificate] = useState<Chosen | null>(null);
  const [sending, setSending] = useState(false);
  const photoInputId = useId();
  const videoId = parseVideoId(values.videoUrl);
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
    for (const [field, code] of Object.entries(codes))
      texts[field as ApplicationField] = translate(t, fieldText(code ?? ''));
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
  function textField(field: 'major' | 'experienceYears' | 'missingSubject' | 'hourlyRate' | 'videoUrl') {
    return {
      id: FIELD_IDS[field],
      name: field,
      value: values[field],
      onValueChange: (value: string) => set(field, value),
      error: errors[field],
    };
  }

  const subjectError = errors.subjectIds;
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

      <Section title={t('form.about')}>
        {BIOS.map(({ field, lang }) => (
          <LongText
            key={field}
            field={field}
            lang={lang}
            label={t(`form.${field}`)}
            help={t('form.bioHelp', { min: formatNumber(TEACHER_APPLICATION_LIMITS.bioMin, language) })}
            value={values[field]}
            error={errors[field]}
            onChange={(value) => set(field, value)}
          />
        ))}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            {...textField('major')}
            label={t('form.major')}
            placeholder={t('form.majorPlaceholder')}
            maxLength={120}
          />
          <TextInput
            {...textField('experienceYears')}
            label={t('form.experienceYears')}
            inputMode="numeric"
            maxLength={2}
          />
        </div>
      </Section>

      <Section title={t('form.teaching')}>
        <fieldset
          id={FIELD_IDS.subjectIds}
          tabIndex={-1}
          aria-describedby="teach-subjects-help"
          className="flex min-w-0 flex-col gap-2"
        >
          <legend className="text-sm font-semibold text-slate-800">{t('form.subjects')}</legend>
          <p id="teach-subjects-help" className="text-sm text-slate-600">
            {t('form.subjectsHelp')}
          </p>
          {subjects.isPending ? <p className="text-sm text-slate-600">{t('form.subjectsLoading')}</p> : null}
          {subjects.isError ? (
            <p className="text-sm text-red-700">
              {t('form.subjectsError')}{' '}
              <button type="button" className="font-semibold underline" onClick={() => void subjects.refetch()}>
                {t('form.retry')}
              </button>
            </p>
          ) : null}
          <ul className="flex flex-wrap gap-2">
            {subjects.data?.data.map((subject) => {
              const checked = values.subjectIds.includes(subject.id);
              return (
                <li key={subject.id}>
                  <label
                    className={cx(
                      'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-semibold',
                      'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary',
                      checked
                        ? 'border-primary bg-primary/10 text-primary'
                        : 'border-slate-300 bg-white text-slate-700',
                    )}
                  >
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={checked}
                      onChange={(event) => toggleSubject(subject.id, event.target.checked)}
                    />
                    <span dir="auto">{subject.name}</span>
                  </label>
                </li>
              );
            })}
          </ul>
          {subjectError ? <p className="text-sm font-semibold text-red-700">{subjectError}</p> : null}
        </fieldset>
        <TextInput
          {...textField('missingSubject')}
          label={t('form.missingSubject')}
          helperText={t('form.missingSubjectHelp')}
          maxLength={TEACHER_APPLICATION_LIMITS.missingSubjectMax}
        />
        <TextInput
          {...textField('hourlyRate')}
          label={t('form.hourlyRate')}
          helperText={t('form.hourlyRateHelp')}
          inputMode="decimal"
          dir="ltr"
          className="sm:max-w-60"
          maxLength={11}
        />
      </Section>

      <Section title={t('form.media')}>
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
        <TextInput
          {...textField('videoUrl')}
          type="url"
          dir="ltr"
          label={t('form.videoUrl')}
          helperText={t('form.videoUrlHelp')}
          placeholder="https://youtu.be/…"
          maxLength={300}
        />
        {videoId ? (
          <div className="overflow-hidden rounded-xl border border-slate-200 bg-black sm:max-w-md">
            <iframe
              title={t('form.videoPreview')}
              src={videoEmbedUrl(videoId, { autoplay: false })}
              className="aspect-video w-full"
              allow="encrypted-media; picture-in-picture"
              loading="lazy"
              data-testid="video-preview"
            />
          </div>
        ) : values.videoUrl.trim() ? (
          <p className="text-sm text-amber-800" data-testid="video-unknown">
            {t('form.videoUnknown')}
          </p>
        ) : null}
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
      </Section>

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
