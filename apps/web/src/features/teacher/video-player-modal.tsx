import { useTranslation } from 'react-i18next';
import { parseVideoId, videoEmbedUrl } from '../../shared/lib/video-link.ts';
import { Button } from '../../shared/ui/button.tsx';
import { VideoOff } from '../../shared/ui/icons.tsx';
import type { ModalComponentProps } from '../../shared/ui/modal/modal-context.tsx';

function readData(data: unknown): { url: string | null; description: string | null } {
  if (!data || typeof data !== 'object') return { url: null, description: null };
  const record = data as Record<string, unknown>;
  const url = typeof record.url === 'string' && record.url.trim() ? record.url.trim() : null;
  const description =
    typeof record.description === 'string' && record.description.trim() ? record.description.trim() : null;
  return { url, description };
}

/**
 * The video player of the modal host (spec 2 "Other modals"): the video embedded from the
 * privacy-enhanced player with autoplay and an optional description below. A link that is not a
 * valid video link shows the error title and the link; no link at all says there is no video.
 */
export function VideoPlayerModal({ data, closeModal, titleId }: ModalComponentProps) {
  const { t } = useTranslation('teacher');
  const { url, description } = readData(data);
  const videoId = parseVideoId(url);

  if (!videoId) {
    return (
      <div className="flex flex-col items-center gap-4 text-center" data-testid="video-error">
        <div
          aria-hidden="true"
          className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700"
        >
          <VideoOff className="size-7" />
        </div>
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {t('video.errorTitle')}
        </h2>
        {url ? (
          <div className="flex w-full flex-col gap-2 text-slate-600">
            <p>{t('video.invalidLink')}</p>
            <p
              dir="ltr"
              className="break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm text-slate-800"
              data-testid="video-error-url"
            >
              {url}
            </p>
          </div>
        ) : (
          <p className="text-slate-600">{t('video.notAvailable')}</p>
        )}
        <Button variant="outline" onClick={closeModal} className="w-full sm:w-auto">
          {t('ui.ok', { ns: 'common' })}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {t('video.title')}
      </h2>
      <div className="aspect-video w-full overflow-hidden rounded-xl bg-black">
        <iframe
          src={videoEmbedUrl(videoId)}
          title={t('video.frameTitle')}
          className="size-full border-0"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          data-testid="video-frame"
        />
      </div>
      {description ? (
        <p className="whitespace-pre-line leading-7 text-slate-700" dir="auto">
          {description}
        </p>
      ) : null}
    </div>
  );
}
