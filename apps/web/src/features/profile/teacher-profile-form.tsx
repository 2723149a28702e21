import { MEETING_LINK_MAX, type OwnTeacherProfile, TEACHER_BIO_MAX } from '@ustaz/contract';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { translate } from '../../shared/i18n/translate.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { timeZoneChoices } from '../../shared/lib/dates/formats.ts';
import { errorText } from '../../shared/lib/error-text.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { useActiveSubjects } from '../../shared/subjects/api.ts';
import {
  HourlyRateInput,
  TeacherAboutFields,
  TeacherSubjectsField,
  VideoLinkField,
} from '../../shared/teachers/teacher-fields.tsx';
import { useTeacherForm } from '../../shared/teachers/teacher-form.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { FormButtons } from '../../shared/ui/form-buttons.tsx';
import { FormSection } from '../../shared/ui/form-section.tsx';
import { TextInput } from '../../shared/ui/text-input.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { NameSpellingFields } from './name-spelling-fields.tsx';
import { ERROR_TEXTS } from './profile-error-texts.ts';
import { type NameSpellingValues, nameSpellingsSchema, PROFILE_VALIDATION_VALUES } from './profile-schemas.ts';
import {
  ApplyToOpenSlotsField,
  TeacherCardPreview,
  TeacherPhotoField,
  TimeZoneField,
} from './teacher-profile-fields.tsx';
import {
  previewOf,
  TEACHER_PROFILE_FIELDS,
  type TeacherProfileBody,
  type TeacherProfileField,
  type TeacherProfileValues,
  teacherProfileFormSchema,
  valuesOf,
} from './teacher-profile-values.ts';
import { TrialPriceInput } from './trial-price-input.tsx';
import { useChosenPhoto } from './use-chosen-photo.ts';
import { SPELLING_FIELDS, splitSpellings, useTeacherProfileSave } from './use-teacher-profile-save.ts';

/** The element ids of the fields (the completeness meter links to them: `/profile/edit#teacher-video`). */
export const TEACHER_FIELD_IDS: Record<TeacherProfileField | 'photo', string> = {
  photo: 'teacher-photo',
  bioAr: 'teacher-bio-ar',
  bioEn: 'teacher-bio-en',
  major: 'teacher-major',
  experienceYears: 'teacher-years',
  subjectIds: 'teacher-subjects',
  hourlyRate: 'teacher-rate',
  trialPrice: 'teacher-trial-price',
  timeZone: 'teacher-time-zone',
  meetingLink: 'teacher-meeting-link',
  videoUrl: 'teacher-video',
};

/** The editor: the profile (the contract's PATCH schema) and the name for English and Arabic pages (ADR 020). */
const EDITOR_SCHEMA = z.intersection(teacherProfileFormSchema({ withTimeZone: true }), nameSpellingsSchema);
type EditorValues = z.input<typeof EDITOR_SCHEMA>;

/**
 * The teacher's editor (issue 15 "Present yourself"): photo, the name's spellings, the teacher
 * form (both bios, major in the page's language, years, subjects, hourly rate with Arabic-Indic
 * digits accepted) with "also update my open slots", the time zone, the meeting link and the
 * intro video with its live preview; checked with the contract's PATCH schema before sending, the
 * server's field codes under the same fields; the public card beside it follows every keystroke.
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
  const { t } = useTranslation(['profile', 'common']);
  const language = useCurrentLanguage();
  const subjects = useActiveSubjects(language);
  const photo = useChosenPhoto();
  const save = useTeacherProfileSave(profile, photo);
  const [general, setGeneral] = useState<string | null>(null);
  const form = useTeacherForm<EditorValues, TeacherProfileBody & NameSpellingValues>({
    schema: EDITOR_SCHEMA,
    defaultValues: { ...valuesOf(profile), ...save.savedSpellings },
    fields: TEACHER_PROFILE_FIELDS,
    ids: TEACHER_FIELD_IDS,
    message: (field, key) =>
      (SPELLING_FIELDS as readonly string[]).includes(field)
        ? translate(t, key, { ...PROFILE_VALIDATION_VALUES, defaultValue: t('serverErrors.invalid') })
        : undefined,
  });
  const values = useWatch({ control: form.control }) as TeacherProfileValues;
  const zones = useMemo(() => timeZoneChoices(profile.timeZone, language), [profile.timeZone, language]);
  // The teacher's own subjects stay choosable even when one was deactivated since.
  const choices = useMemo(() => {
    const active = subjects.data?.data ?? [];
    const extra = profile.subjects.filter((subject) => !active.some((item) => item.id === subject.id));
    return [...active.map(({ id, name }) => ({ id, name })), ...extra];
  }, [subjects.data, profile.subjects]);
  const preview = previewOf(profile, values, {
    language,
    subjectNames: new Map(choices.map((subject) => [subject.id, subject.name])),
    photoPath: save.photoUrl,
  });
  const sending = form.formState.isSubmitting;

  const onSubmit = form.onSubmit(async (checked) => {
    setGeneral(null);
    const { body, spellings } = splitSpellings(checked);
    try {
      if (!(await save.spellings(spellings, (field, key) => form.setError(field, { type: 'server', message: key })))) {
        return;
      }
      await save.photo();
      await save.profile(body);
      void notify.success(t('teaching.saved'));
      onSaved();
    } catch (error) {
      if (!form.showServerErrors(error)) setGeneral(errorText(error, t, ERROR_TEXTS.teacherProfile));
    }
  });

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex min-w-0 flex-col gap-6"
        aria-label={t('teaching.editTitle')}
      >
        {general ? <Alert>{general}</Alert> : null}

        <FormSection title={t('teacherForm.about', { ns: 'common' })}>
          <TeacherPhotoField
            id={TEACHER_FIELD_IDS.photo}
            names={profile.user}
            photoUrl={save.photoUrl}
            disabled={sending}
            error={photo.error}
            onChoose={photo.choose}
          />
          <NameSpellingFields input={(name, label) => ({ ...form.register(name), label, error: form.error(name) })} />
          <TeacherAboutFields
            bind={form.bind}
            bioMax={TEACHER_BIO_MAX}
            texts={{
              bioAr: t('teaching.bioAr'),
              bioEn: t('teaching.bioEn'),
              bioHelp: t('teaching.bioHelp', { max: formatNumber(TEACHER_BIO_MAX, language) }),
              majorHelp: t('teaching.majorHelp'),
            }}
          />
        </FormSection>

        <FormSection title={t('teaching.sections.teaching')}>
          <TeacherSubjectsField
            id={TEACHER_FIELD_IDS.subjectIds}
            texts={{ help: t('teaching.subjectsHelp'), failed: t('teaching.subjectsError') }}
            list={{ items: choices, pending: subjects.isPending, failed: subjects.isError }}
            subjects={form.subjects}
          />
          <div className="flex flex-col gap-2">
            <HourlyRateInput field={form.bind('hourlyRate')} help={t('teaching.hourlyRateHelp')} />
            <ApplyToOpenSlotsField
              registration={form.register('applyToOpenSlots')}
              rateChanged={values.hourlyRate.trim() !== profile.hourlyRate}
            />
          </div>
          <TrialPriceInput field={form.bind('trialPrice')} />
          <TimeZoneField
            id={TEACHER_FIELD_IDS.timeZone}
            registration={form.register('timeZone')}
            zones={zones}
            error={form.error('timeZone')}
          />
          <TextInput
            {...form.bind('meetingLink')}
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
            field={form.bind('videoUrl')}
            link={form.videoLink}
            texts={{
              label: t('teaching.videoUrl'),
              help: t('teaching.videoUrlHelp'),
              preview: t('teaching.videoPreview'),
              unknown: t('teaching.videoUnknown'),
            }}
          />
        </FormSection>

        <FormButtons
          onCancel={onCancel}
          cancelText={t('edit.cancel')}
          submitting={sending}
          submitText={t('edit.save')}
          busyText={t('edit.saving')}
        />
      </form>

      <TeacherCardPreview teacher={preview} />
    </div>
  );
}
