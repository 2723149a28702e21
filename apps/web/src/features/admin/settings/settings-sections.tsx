import type { AdminSettings } from '@ustaz/contract';
import type { Control, FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type admin from '../../../../public/locales/en/admin.json';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { fieldErrorText } from '../../../shared/lib/error-text.ts';
import { formatNumber } from '../../../shared/lib/format.ts';
import { Alert } from '../../../shared/ui/alert.tsx';
import { TextInput, type TextInputProps } from '../../../shared/ui/text-input.tsx';
import { CheckboxField, FormSection } from '../ui/form-fields.tsx';
import { TextAreaField } from '../ui/text-area-field.tsx';
import { ColorField, UploadSizeField } from './settings-fields.tsx';
import { MEGABYTE, type SettingsForm, type SettingsFormField, UPLOAD_LIMITS } from './settings-form.ts';

/** What the sections need of the settings form (react-hook-form). */
export type SettingsFormParts = {
  register: UseFormRegister<SettingsForm>;
  control: Control<SettingsForm>;
  setValue: UseFormSetValue<SettingsForm>;
  errors: FieldErrors<SettingsForm>;
};

/** The field kinds of the settings form, each registered with its error text. */
function useFieldMakers({ register, control, setValue, errors }: SettingsFormParts, settings: AdminSettings) {
  const { t } = useTranslation('admin');
  const error = (field: SettingsFormField) => fieldErrorText(errors[field]?.message, t);
  /** A text field labelled by `settings.fields.<field>`. */
  const text = (
    field: SettingsFormField & keyof (typeof admin)['settings']['fields'],
    props: Omit<TextInputProps, 'name' | 'label' | 'error'>,
  ) => <TextInput {...register(field)} label={t(`settings.fields.${field}`)} {...props} error={error(field)} />;
  return {
    t,
    register,
    error,
    text,
    url: (field: SettingsFormField, label: string) => (
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
    ),
    trackingId: (field: Parameters<typeof text>[0]) =>
      text(field, { dir: 'ltr', autoComplete: 'off', spellCheck: false, maxLength: 64 }),
    color: (field: 'primaryColor' | 'secondaryColor') => (
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
    ),
    script: (field: 'headerScripts' | 'footerScripts') => (
      <TextAreaField
        {...register(field)}
        label={t(`settings.fields.${field}`)}
        dir="ltr"
        rows={5}
        spellCheck={false}
        textareaClassName="font-mono text-sm"
        error={error(field)}
      />
    ),
  };
}

/** The site's identity, colours and social links. */
export function SiteSections({ form, settings }: { form: SettingsFormParts; settings: AdminSettings }) {
  const { t, register, error, text, url, color } = useFieldMakers(form, settings);
  return (
    <>
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
    </>
  );
}

/** The contact details, tracking ids, page scripts, and registration with the upload size. */
export function ServiceSections({ form, settings }: { form: SettingsFormParts; settings: AdminSettings }) {
  const { t, register, error, text, trackingId, script } = useFieldMakers(form, settings);
  const language = useCurrentLanguage();
  return (
    <>
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
          control={form.control}
          error={
            form.errors.maxUploadSizeMb
              ? t('errors.uploadRange', {
                  min: formatNumber(UPLOAD_LIMITS.minBytes / 1024, language),
                  max: formatNumber(UPLOAD_LIMITS.maxBytes / MEGABYTE, language),
                })
              : undefined
          }
        />
      </FormSection>
    </>
  );
}
