import type { AdminSettings } from '@ustaz/contract';
import { type Control, type UseFormRegisterReturn, type UseFormSetValue, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../../shared/lib/format.ts';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { isHexColor, megabytesToBytes, type SettingsForm } from './settings-form.ts';
import { SettingsPreview } from './settings-preview.tsx';

/** The settings form's own fields: the live preview, the upload size and the colours. */

/**
 * The preview follows every key typed; it alone subscribes to the values, so typing does not
 * draw the whole form again.
 */
export function LivePreview({
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
export function UploadSizeField({
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
export function ColorField({
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
