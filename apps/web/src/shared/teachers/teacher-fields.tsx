import { useTranslation } from 'react-i18next';
import { LongTextField } from '../ui/long-text-field.tsx';
import { RequiredMark } from '../ui/required-mark.tsx';
import { SubjectChips } from '../ui/subject-chips.tsx';
import { TextInput } from '../ui/text-input.tsx';
import { VideoLinkPreview } from '../ui/video-link-preview.tsx';
import type { FieldBinding } from './teacher-form.ts';

/**
 * The fields of the teacher form (teacher-form.ts), shared by the application to teach and the
 * teacher's own editor: each is given its binding (`form.bind(name)`); the texts both pages word
 * alike come from common:teacherForm, the page passes the others. `required` (off by default)
 * draws the standard required mark, for a form whose schema refuses the field empty.
 */

type AboutField = 'bioAr' | 'bioEn' | 'major' | 'experienceYears';

/** Both bios (each written in its language), then the major and the years side by side. */
export function TeacherAboutFields({
  bind,
  texts,
  bioMax,
  required = false,
}: {
  bind: (field: AboutField) => FieldBinding;
  texts: Record<'bioAr' | 'bioEn' | 'bioHelp', string> & { majorHelp?: string; majorPlaceholder?: string };
  bioMax: number;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {(['ar', 'en'] as const).map((lang) => {
        const field = lang === 'ar' ? 'bioAr' : 'bioEn';
        return (
          <LongTextField
            key={field}
            field={bind(field)}
            lang={lang}
            maxLength={bioMax}
            required={required}
            label={texts[field]}
            help={texts.bioHelp}
          />
        );
      })}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          {...bind('major')}
          label={t('teacherForm.major')}
          helperText={texts.majorHelp}
          placeholder={texts.majorPlaceholder}
          maxLength={120}
          required={required}
        />
        <TextInput
          {...bind('experienceYears')}
          label={t('teacherForm.experienceYears')}
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
  subjects,
  required = false,
}: {
  id: string;
  texts: { help: string; loading?: string; failed: string; retry?: string };
  list: { items: readonly { id: number; name: string }[]; pending: boolean; failed: boolean; retry?: () => void };
  subjects: { chosen: readonly number[]; onToggle: (id: number, checked: boolean) => void; error: string | undefined };
  required?: boolean;
}) {
  const { t } = useTranslation();
  const helpId = `${id}-help`;
  return (
    <fieldset id={id} tabIndex={-1} aria-describedby={helpId} className="flex min-w-0 flex-col gap-2">
      <legend className="text-sm font-semibold text-slate-800">
        {t('teacherForm.subjects')}
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
      <SubjectChips subjects={list.items} chosen={subjects.chosen} onToggle={subjects.onToggle} />
      {subjects.error ? <p className="text-sm font-semibold text-red-700">{subjects.error}</p> : null}
    </fieldset>
  );
}

/** The hourly rate in KWD: left to right, decimal keyboard, Arabic-Indic digits left to the form's check. */
export function HourlyRateInput({
  field,
  help,
  required = false,
}: {
  field: FieldBinding;
  help: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      {...field}
      label={t('teacherForm.hourlyRate')}
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
  link,
  texts,
  required = false,
}: {
  field: FieldBinding;
  /** The link as typed (the form's watched value). */
  link: string;
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
      <VideoLinkPreview link={link} title={texts.preview} unknownText={texts.unknown} />
    </>
  );
}
