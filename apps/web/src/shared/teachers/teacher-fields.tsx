import type { ComponentProps } from 'react';
import { LongTextField } from '../ui/long-text-field.tsx';
import { RequiredMark } from '../ui/required-mark.tsx';
import { SubjectChips } from '../ui/subject-chips.tsx';
import { TextInput } from '../ui/text-input.tsx';
import { VideoLinkPreview } from '../ui/video-link-preview.tsx';

/**
 * The fields a teacher presents themself with, shared by the application to teach and the
 * teacher's own editor: each form keeps its values, texts and checks, these draw the same fields.
 * `required` (off by default) draws the standard required mark, for a form whose schema refuses
 * the field empty.
 */

/** A form kept in one values object, as its text fields see it. */
export type TextFieldsForm<Field extends string> = {
  ids: Record<Field, string>;
  values: Record<Field, string>;
  errors: Partial<Record<Field, string>>;
  set: (field: Field, value: string) => void;
};

/** The props of a controlled text field of such a form (id, name, value, change, error). */
export function textFieldProps<Field extends string>(field: Field, form: TextFieldsForm<Field>) {
  return {
    id: form.ids[field],
    name: field,
    value: form.values[field],
    onValueChange: (value: string) => form.set(field, value),
    error: form.errors[field],
  };
}

type AboutField = 'bioAr' | 'bioEn' | 'major' | 'experienceYears';

/** Both bios (each written in its language), then the major and the years side by side. */
export function TeacherAboutFields({
  form,
  texts,
  bioMax,
  required = false,
}: {
  form: TextFieldsForm<AboutField>;
  texts: Record<'bioAr' | 'bioEn' | 'bioHelp' | 'major' | 'experienceYears', string> & {
    majorHelp?: string;
    majorPlaceholder?: string;
  };
  bioMax: number;
  required?: boolean;
}) {
  return (
    <>
      {(['ar', 'en'] as const).map((lang) => {
        const field = lang === 'ar' ? 'bioAr' : 'bioEn';
        return (
          <LongTextField
            key={field}
            id={form.ids[field]}
            name={field}
            lang={lang}
            maxLength={bioMax}
            required={required}
            label={texts[field]}
            help={texts.bioHelp}
            value={form.values[field]}
            error={form.errors[field]}
            onChange={(value) => form.set(field, value)}
          />
        );
      })}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          {...textFieldProps('major', form)}
          label={texts.major}
          helperText={texts.majorHelp}
          placeholder={texts.majorPlaceholder}
          maxLength={120}
          required={required}
        />
        <TextInput
          {...textFieldProps('experienceYears', form)}
          label={texts.experienceYears}
          inputMode="numeric"
          maxLength={2}
          required={required}
        />
      </div>
    </>
  );
}

/** The subjects to choose under a legend and its help, with the list's loading and failure, and the field's error. */
export function TeacherSubjectsField({
  id,
  texts,
  list,
  chosen,
  onToggle,
  error,
  required = false,
}: {
  id: string;
  texts: { legend: string; help: string; loading?: string; failed: string; retry?: string };
  list: { items: readonly { id: number; name: string }[]; pending: boolean; failed: boolean; retry?: () => void };
  chosen: readonly number[];
  onToggle: (id: number, checked: boolean) => void;
  error: string | undefined;
  required?: boolean;
}) {
  const helpId = `${id}-help`;
  return (
    <fieldset id={id} tabIndex={-1} aria-describedby={helpId} className="flex min-w-0 flex-col gap-2">
      <legend className="text-sm font-semibold text-slate-800">
        {texts.legend}
        {required ? <RequiredMark /> : null}
      </legend>
      <p id={helpId} className="text-sm text-slate-600">
        {texts.help}
      </p>
      {list.pending && texts.loading ? <p className="text-sm text-slate-600">{texts.loading}</p> : null}
      {list.failed ? (
        <p className="text-sm text-red-700">
          {texts.failed}{' '}
          {list.retry && texts.retry ? (
            <button type="button" className="font-semibold underline" onClick={list.retry}>
              {texts.retry}
            </button>
          ) : null}
        </p>
      ) : null}
      <SubjectChips subjects={list.items} chosen={chosen} onToggle={onToggle} />
      {error ? <p className="text-sm font-semibold text-red-700">{error}</p> : null}
    </fieldset>
  );
}

type FieldProps = ReturnType<typeof textFieldProps>;

/** The hourly rate in KWD: left to right, decimal keyboard, Arabic-Indic digits left to the form's check. */
export function HourlyRateInput({
  field,
  label,
  help,
  required = false,
}: {
  field: FieldProps;
  label: string;
  help: string;
  required?: boolean;
}) {
  return (
    <TextInput
      {...field}
      label={label}
      helperText={help}
      inputMode="decimal"
      dir="ltr"
      className="sm:max-w-60"
      maxLength={11}
      required={required}
    />
  );
}

/** The intro video link with its live preview (the video-link parser's player, or why it cannot show). */
export function VideoLinkField({
  field,
  texts,
  required = false,
}: {
  field: FieldProps & Pick<ComponentProps<typeof TextInput>, 'value'>;
  texts: { label: string; help: string; preview: string; unknown: string };
  required?: boolean;
}) {
  return (
    <>
      <TextInput
        {...field}
        type="url"
        dir="ltr"
        label={texts.label}
        helperText={texts.help}
        placeholder="https://youtu.be/…"
        maxLength={300}
        required={required}
      />
      <VideoLinkPreview link={field.value ?? ''} title={texts.preview} unknownText={texts.unknown} />
    </>
  );
}
