import { TEACHER_APPLICATION_LIMITS, type TeacherApplicationBody } from '@ustaz/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../shared/http/client.ts';
import { translate } from '../../shared/i18n/translate.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { errorText } from '../../shared/lib/error-text.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { useActiveSubjects } from '../../shared/subjects/api.ts';
import { HourlyRateInput, TeacherAboutFields, TeacherSubjectsField } from '../../shared/teachers/teacher-fields.tsx';
import { useTeacherForm } from '../../shared/teachers/teacher-form.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { SubmitButton } from '../../shared/ui/button.tsx';
import { FormSection } from '../../shared/ui/form-section.tsx';
import { TextInput } from '../../shared/ui/text-input.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { useSubmitApplication } from './api/submit-application.ts';
import { ApplicationMedia } from './application-media.tsx';
import {
  type ApplicationField,
  type ApplicationValues,
  applicationFormSchema,
  EMPTY_APPLICATION,
} from './application-values.ts';
import { ERROR_TEXTS } from './teach-error-texts.ts';
import { useApplicationFiles } from './use-application-files.ts';

/** The fields a check or a 422 may name, in the form's order (the first one with an error gets the focus). */
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

/** The certificate's own refusals (a file too large, of another type, not uploaded), under `errors.`. */
const FILE_ERRORS = new Set(['fileTooLarge', 'fileType', 'uploadFailed']);

/**
 * The application to teach: the teacher form (both bios, major, years, subjects, hourly rate with
 * Arabic-Indic digits accepted) with a subject that is missing, then the profile photo, a video
 * link with its live preview and an optional certificate. Checked with the contract's schema
 * before sending; the server's field codes land under the same fields.
 */
export function ApplicationForm() {
  const { t } = useTranslation(['teach', 'common']);
  const language = useCurrentLanguage();
  const subjects = useActiveSubjects(language);
  const submit = useSubmitApplication();
  const files = useApplicationFiles();
  const [general, setGeneral] = useState<string | null>(null);
  const form = useTeacherForm<ApplicationValues, TeacherApplicationBody>({
    schema: applicationFormSchema,
    defaultValues: EMPTY_APPLICATION,
    fields: FIELDS,
    ids: FIELD_IDS,
    message: (field, key) =>
      field === 'certificateFileId' && FILE_ERRORS.has(key) ? translate(t, `errors.${key}`) : undefined,
  });

  const onSubmit = form.onSubmit(async (body) => {
    setGeneral(null);
    try {
      await files.savePhoto();
      const certificateFileId = await files.certificateId().catch((error: unknown) => {
        form.setError('certificateFileId', { type: 'file', message: 'uploadFailed' });
        throw error;
      });
      await submit.mutateAsync({ ...body, ...(certificateFileId ? { certificateFileId } : {}) });
      void notify.success(t('form.sent'));
    } catch (error) {
      if (form.showServerErrors(error)) return;
      const tooLarge = error instanceof ApiRequestError && error.status === 413;
      setGeneral(tooLarge ? t('errors.fileTooLarge') : errorText(error, t, ERROR_TEXTS.teach));
    }
  });

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

      <FormSection title={t('teacherForm.about', { ns: 'common' })}>
        <TeacherAboutFields
          bind={form.bind}
          bioMax={2000}
          required
          texts={{
            bioAr: t('form.bioAr'),
            bioEn: t('form.bioEn'),
            bioHelp: t('form.bioHelp', { min: formatNumber(TEACHER_APPLICATION_LIMITS.bioMin, language) }),
            majorPlaceholder: t('form.majorPlaceholder'),
          }}
        />
      </FormSection>

      <FormSection title={t('form.teaching')}>
        <TeacherSubjectsField
          id={FIELD_IDS.subjectIds}
          texts={{
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
          subjects={form.subjects}
          required
        />
        <TextInput
          {...form.bind('missingSubject')}
          label={t('form.missingSubject')}
          helperText={t('form.missingSubjectHelp')}
          maxLength={TEACHER_APPLICATION_LIMITS.missingSubjectMax}
        />
        <HourlyRateInput field={form.bind('hourlyRate')} help={t('form.hourlyRateHelp')} required />
      </FormSection>

      <ApplicationMedia
        files={files}
        video={form.bind('videoUrl')}
        videoLink={form.videoLink}
        certificateId={FIELD_IDS.certificateFileId}
        certificateError={form.error('certificateFileId')}
        onCertificateProblem={(problem) =>
          problem
            ? form.setError('certificateFileId', { type: 'file', message: problem })
            : form.clearErrors('certificateFileId')
        }
      />

      <SubmitButton
        size="lg"
        className="self-start"
        submitting={form.formState.isSubmitting}
        text={t('form.submit')}
        busyText={t('form.submitting')}
      />
    </form>
  );
}
