import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { VideoLinkField } from '../../shared/teachers/teacher-fields.tsx';
import type { FieldBinding } from '../../shared/teachers/teacher-form.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { FormSection } from '../../shared/ui/form-section.tsx';
import { FileText, X } from '../../shared/ui/icons.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import type { ApplicationFiles, FileProblem } from './use-application-files.ts';

const CHOOSE_CLASSES =
  'inline-flex min-h-11 w-fit cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary';

/**
 * The application's photo, video and certificate: the photo beside the avatar it will replace
 * (a refused one says why in a toast), the video link with its live preview, and the optional
 * certificate (a refused one says why under it, through `onCertificateProblem`).
 */
export function ApplicationMedia({
  files,
  video,
  videoLink,
  certificateId,
  certificateError,
  onCertificateProblem,
}: {
  files: ApplicationFiles;
  video: FieldBinding;
  videoLink: string;
  certificateId: string;
  certificateError: string | undefined;
  onCertificateProblem: (problem: FileProblem) => void;
}) {
  const { t } = useTranslation(['teach', 'common']);
  const auth = useAuth();
  const photoInputId = useId();
  return (
    <FormSection title={t('form.media')}>
      <div className="flex flex-wrap items-center gap-4">
        <Avatar
          firstName={auth.user?.firstName ?? ''}
          lastName={auth.user?.lastName ?? ''}
          photoUrl={files.photoUrl}
          size="xl"
        />
        <div className="flex flex-col gap-1">
          <span className="text-sm font-semibold text-slate-800">{t('teacherForm.photo', { ns: 'common' })}</span>
          <label htmlFor={photoInputId} className={CHOOSE_CLASSES}>
            {t(files.photoUrl ? 'form.photoChange' : 'form.photoChoose')}
            <input
              id={photoInputId}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              className="sr-only"
              onChange={(event) => {
                const problem = files.choose(event, 'photo');
                if (problem) void notify.error(t(`errors.${problem}`));
              }}
            />
          </label>
          <p className="text-sm text-slate-600">{t('form.photoHelp')}</p>
        </div>
      </div>
      <VideoLinkField
        field={video}
        link={videoLink}
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
        {files.certificateName !== null ? (
          <p className="inline-flex w-fit items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm">
            <FileText aria-hidden="true" className="size-4 shrink-0" />
            <bdi className="max-w-56 truncate" dir="auto">
              {files.certificateName}
            </bdi>
            <button
              type="button"
              onClick={files.removeCertificate}
              className="inline-flex min-h-8 items-center gap-1 rounded px-1 font-semibold text-red-700 hover:bg-red-50"
            >
              <X aria-hidden="true" className="size-4" />
              {t('form.certificateRemove')}
            </button>
          </p>
        ) : (
          <label className={CHOOSE_CLASSES}>
            {t('form.certificateChoose')}
            <input
              id={certificateId}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,application/pdf"
              className="sr-only"
              aria-label={t('form.certificate')}
              onChange={(event) => {
                const problem = files.choose(event, 'certificate');
                if (problem !== undefined) onCertificateProblem(problem);
              }}
            />
          </label>
        )}
        <p className="text-sm text-slate-600">{t('form.certificateHelp')}</p>
        {certificateError ? <p className="text-sm font-semibold text-red-700">{certificateError}</p> : null}
      </div>
    </FormSection>
  );
}
