import { parseVideoId, videoEmbedUrl } from '../lib/video-link.ts';

/**
 * The live preview of a video link being typed: the player (not playing) for a link the video
 * parser knows, `unknownText` for one it does not, nothing while the field is empty.
 */
export function VideoLinkPreview({ link, title, unknownText }: { link: string; title: string; unknownText: string }) {
  const videoId = parseVideoId(link);
  if (videoId) {
    return (
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-black sm:max-w-md">
        <iframe
          title={title}
          src={videoEmbedUrl(videoId, { autoplay: false })}
          className="aspect-video w-full"
          allow="encrypted-media; picture-in-picture"
          loading="lazy"
          data-testid="video-preview"
        />
      </div>
    );
  }
  if (!link.trim()) return null;
  return (
    <p className="text-sm text-amber-800" data-testid="video-unknown">
      {unknownText}
    </p>
  );
}
