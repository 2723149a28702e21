import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminSettings } from '@ustaz/contract';
import { RefreshCw } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type Control, type UseFormRegisterReturn, type UseFormSetValue, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type admin from '../../../../public/locales/en/admin.json';
import { ApiRequestError } from '../../../shared/http/client.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { errorCode, errorText, fieldErrorText } from '../../../shared/lib/error-text.ts';
import { formatNumber } from '../../../shared/lib/format.ts';
import { applyServerFieldErrors } from '../../../shared/lib/server-field-errors.ts';
import { Alert } from '../../../shared/ui/alert.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { TextInput, type TextInputProps } from '../../../shared/ui/text-input.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { ERROR_TEXTS } from '../admin-error-texts.ts';
import { AdminPage } from '../ui/admin-page.tsx';
import { CheckboxField, FormSection } from '../ui/form-fields.tsx';
import { formatDateTime } from '../ui/format.ts';
import { QueryFallback } from '../ui/query-state.tsx';
import { TextAreaField } from '../ui/text-area-field.tsx';
import { useAdminSettings } from './api/get-settings.ts';
import { useUpdateSettings } from './api/update-settings.ts';
import {
  formFieldOf,
  isHexColor,
  MEGABYTE,
  megabytesToBytes,
  type SettingsForm,
  type SettingsFormField,
  settingsBody,
  settingsFormSchema,
  settingsFormValues,
  UPLOAD_LIMITS,
} from './settings-form.ts';
import { SettingsPreview } from './settings-preview.tsx';

type Notice = { kind: 'saved'; version: number } | { kind: 'conflict' } | null;

/**
 * /{lang}/admin/settings: every website setting, grouped, with a live preview of the colours,
 * logo, name and social links. Saving sends the version the form was loaded from; a newer save
 * by someone else answers 409 and the admin reloads theirs.
 */
export function AdminSettingsPage() {
  const { t } = useTranslation('admin');
  const settings = useAdminSettings();
  const [notice, setNotice] = useState<Notice>(null);
  const [reloads, setReloads] = useState(0);
  const [reloading, setReloading] = useState(false);

  async function reload() {
    setReloading(true);
    try {
      await settings.refetch();
      setReloads((count) => count + 1);
      setNotice(null);
    } finally {
      setReloading(false);
    }
  }

  const data = settings.data;
  return (
    <AdminPage title={t('settings.title')} description={t('settings.description')}>
      {!data ? (
        <QueryFallback query={settings} errorTitle={t('settings.errorTitle')} />
      ) : (
        <SettingsEditor
          // A new version (saved or reloaded) starts the form again from it.
          key={`${data.version}-${reloads}`}
          settings={data}
          notice={notice}
          onNotice={setNotice}
          onReload={() => void reload()}
          reloading={reloading}
        />
      )}
    </AdminPage>
  );
}

function SettingsEditor({
  settings,
  notice,
  onNotice,
  onReload,
  reloading,
}: {
  settings: AdminSettings;
  notice: Notice;
  onNotice: (notice: Notice) => void;
  onReload: () => void;
  reloading: boolean;
}) {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const update = useUpdateSettings();
  const defaults = settingsFormValues(settings);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isDirty },
  } = useForm<SettingsForm>({ resolver: zodResolver(settingsFormSchema), defaultValues: defaults });
  const error = (field: SettingsFormField) => fieldErrorText(errors[field]?.message, t);

  const submit = handleSubmit(async (form) => {
    onNotice(null);
    try {
      const saved = await update.mutateAsync(settingsBody(form, settings.version));
      void notify.success(t('settings.saved', { version: formatNumber(saved.version, language) }));
      onNotice({ kind: 'saved', version: saved.version });
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.status === 409 && errorCode(failure) === 'versionConflict') {
        onNotice({ kind: 'conflict' });
        void notify.error(t('errors.versionConflict'));
        return;
      }
      const placed = applyServerFieldErrors(failure, setError, formFieldOf);
      void notify.error(placed ? t('settings.fixFields') : errorText(failure, t, ERROR_TEXTS.admin));
    }
  });

  const url = (field: SettingsFormField, label: string) => (
    <TextInput
      {...register(field)}
      label={label}
      type="url"
      dir="ltr"
      inputMode="url"
      autoComplete="off"
      maxLength={2048}
      error={error(field)}
    />
  );
  /** A text field labelled by `settings.fields.<field>`. */
  const text = (
    field: SettingsFormField & keyof (typeof admin)['settings']['fields'],
    props: Omit<TextInputProps, 'name' | 'label' | 'error'>,
  ) => <TextInput {...register(field)} label={t(`settings.fields.${field}`)} {...props} error={error(field)} />;
  const trackingId = (field: Parameters<typeof text>[0]) =>
    text(field, { dir: 'ltr', autoComplete: 'off', spellCheck: false, maxLength: 64 });

  const color = (field: 'primaryColor' | 'secondaryColor') => (
    <ColorField
      field={field}
      label={t(`settings.fields.${field}`)}
      pickerLabel={t(`settings.fields.${field}Picker`)}
      registration={register(field)}
      control={control}
      fallback={settings[field]}
      setValue={setValue}
      error={error(field)}
    />
  );
  const script = (field: 'headerScripts' | 'footerScripts') => (
    <TextAreaField
      {...register(field)}
      label={t(`settings.fields.${field}`)}
      dir="ltr"
      rows={5}
      spellCheck={false}
      textareaClassName="font-mono text-sm"
      error={error(field)}
    />
  );

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      {/* First on a phone, so the sample is in view while the first sections are edited. */}
      <div className="lg:order-last">
        <LivePreview control={control} defaults={defaults} settings={settings} />
      </div>
      <form
        onSubmit={(event: FormEvent) => void submit(event)}
        noValidate
        className="flex min-w-0 flex-col gap-4"
        aria-label={t('settings.title')}
      >
        <FormSection title={t('settings.sections.identity')} description={t('settings.sections.identityHelp')}>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('appName', { maxLength: 60, required: true })}
            {text('appNameEn', { maxLength: 60, dir: 'ltr', helperText: t('settings.fields.englishHelp') })}
          </div>
          {text('defaultTitle', { maxLength: 120, required: true })}
          <TextAreaField
            {...register('defaultDescription')}
            label={t('settings.fields.defaultDescription')}
            maxLength={300}
            error={error('defaultDescription')}
          />
          {text('defaultKeywords', { helperText: t('settings.fields.defaultKeywordsHelp'), maxLength: 300 })}
          <div className="grid gap-4 sm:grid-cols-2">
            {url('logoUrl', t('settings.fields.logoUrl'))}
            {url('faviconUrl', t('settings.fields.faviconUrl'))}
          </div>
          {url('defaultOgImage', t('settings.fields.defaultOgImage'))}
        </FormSection>

        <FormSection title={t('settings.sections.colors')} description={t('settings.sections.colorsHelp')}>
          <div className="grid gap-4 sm:grid-cols-2">
            {color('primaryColor')}
            {color('secondaryColor')}
          </div>
        </FormSection>

        <FormSection title={t('settings.sections.social')} description={t('settings.sections.socialHelp')}>
          <div className="grid gap-4 sm:grid-cols-2">
            {url('facebookUrl', t('settings.social.facebook'))}
            {url('twitterUrl', t('settings.social.twitter'))}
            {url('instagramUrl', t('settings.social.instagram'))}
            {url('linkedinUrl', t('settings.social.linkedin'))}
            {url('youtubeUrl', t('settings.social.youtube'))}
          </div>
        </FormSection>

        <FormSection title={t('settings.sections.contact')}>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('contactEmail', { type: 'email', dir: 'ltr', autoComplete: 'off', maxLength: 254 })}
            {text('contactPhone', { type: 'tel', dir: 'ltr', autoComplete: 'off', maxLength: 40 })}
          </div>
          {(['contactAddress', 'contactAddressEn'] as const).map((field) => (
            <TextAreaField
              key={field}
              {...register(field)}
              label={t(`settings.fields.${field}`)}
              rows={2}
              maxLength={300}
              error={error(field)}
              {...(field === 'contactAddressEn' ? { dir: 'ltr' as const } : {})}
            />
          ))}
        </FormSection>

        <FormSection title={t('settings.sections.tracking')} description={t('settings.sections.trackingHelp')}>
          <div className="grid gap-4 sm:grid-cols-2">
            {trackingId('googleAnalyticsId')}
            {trackingId('facebookPixelId')}
            {trackingId('instagramPixelId')}
            {trackingId('tiktokPixelId')}
            {trackingId('hotjarId')}
          </div>
        </FormSection>

        <FormSection title={t('settings.sections.scripts')}>
          <Alert variant="info">{t('settings.sections.scriptsWarning')}</Alert>
          {script('headerScripts')}
          {script('footerScripts')}
        </FormSection>

        <FormSection title={t('settings.sections.registration')}>
          <CheckboxField
            {...register('enableRegistration')}
            label={t('settings.fields.enableRegistration')}
            helperText={t('settings.fields.enableRegistrationHelp')}
          />
          <UploadSizeField
            registration={register('maxUploadSizeMb')}
            control={control}
            error={
              errors.maxUploadSizeMb
                ? t('errors.uploadRange', {
                    min: formatNumber(UPLOAD_LIMITS.minBytes / 1024, language),
                    max: formatNumber(UPLOAD_LIMITS.maxBytes / MEGABYTE, language),
                  })
                : undefined
            }
          />
        </FormSection>

        <div className="sticky bottom-0 z-10 -mx-1 flex flex-col gap-2 border-t border-slate-200 bg-slate-50/95 px-1 py-3 backdrop-blur">
          {notice?.kind === 'conflict' ? (
            <Alert title={t('settings.conflict.title')}>
              <p>{t('settings.conflict.body')}</p>
              <Button size="sm" variant="outline" className="mt-2" onClick={onReload} loading={reloading}>
                <RefreshCw aria-hidden="true" className="size-4" />
                {t('settings.conflict.reload')}
              </Button>
            </Alert>
          ) : null}
          {notice?.kind === 'saved' ? (
            <Alert
              variant="success"
              title={t('settings.savedTitle', { version: formatNumber(notice.version, language) })}
            >
              {t('settings.cacheNotice')}
            </Alert>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <p className="min-w-0 flex-1 text-sm text-slate-600" data-testid="settings-version">
              {isDirty
                ? t('settings.unsaved')
                : t('settings.versionLine', {
                    version: formatNumber(settings.version, language),
                    date: formatDateTime(settings.updatedAt, language),
                  })}
            </p>
            <Button type="submit" loading={update.isPending}>
              {update.isPending ? t('actions.saving') : t('settings.save')}
            </Button>
          </div>
        </div>
      </form>
    </div>
  );
}

/**
 * The preview follows every key typed; it alone subscribes to the values, so typing does not
 * draw the whole form again.
 */
function LivePreview({
  control,
  defaults,
  settings,
}: {
  control: Control<SettingsForm>;
  defaults: SettingsForm;
  settings: AdminSettings;
}) {
  const values = { ...defaults, ...useWatch({ control }) } as SettingsForm;
  return (
    <SettingsPreview values={values} saved={{ primary: settings.primaryColor, secondary: settings.secondaryColor }} />
  );
}

/** The largest upload typed in MB, with the bytes that will be saved under it. */
function UploadSizeField({
  registration,
  control,
  error,
}: {
  registration: UseFormRegisterReturn<'maxUploadSizeMb'>;
  control: Control<SettingsForm>;
  error: string | undefined;
}) {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const bytes = megabytesToBytes(useWatch({ control, name: 'maxUploadSizeMb' }));
  return (
    <TextInput
      {...registration}
      label={t('settings.fields.maxUploadSize')}
      helperText={
        bytes === null
          ? t('settings.fields.maxUploadSizeHelp')
          : t('settings.fields.maxUploadSizeBytes', { bytes: formatNumber(bytes, language) })
      }
      inputMode="decimal"
      dir="ltr"
      className="sm:max-w-xs"
      error={error}
    />
  );
}

/** A colour typed as #rrggbb beside the browser's colour picker; both edit the same value. */
function ColorField({
  field,
  label,
  pickerLabel,
  registration,
  control,
  fallback,
  setValue,
  error,
}: {
  field: 'primaryColor' | 'secondaryColor';
  label: string;
  pickerLabel: string;
  registration: UseFormRegisterReturn<'primaryColor' | 'secondaryColor'>;
  control: Control<SettingsForm>;
  fallback: string;
  setValue: UseFormSetValue<SettingsForm>;
  error: string | undefined;
}) {
  const value = useWatch({ control, name: field });
  const swatch = isHexColor(value) ? value.trim().toLowerCase() : fallback.toLowerCase();
  return (
    <div className="flex items-start gap-2">
      <TextInput
        {...registration}
        label={label}
        dir="ltr"
        maxLength={7}
        autoComplete="off"
        spellCheck={false}
        className="min-w-0 flex-1"
        error={error}
      />
      <input
        type="color"
        aria-label={pickerLabel}
        value={swatch}
        onChange={(event) => setValue(field, event.target.value, { shouldDirty: true, shouldValidate: true })}
        className="mt-7 h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
      />
    </div>
  );
}
