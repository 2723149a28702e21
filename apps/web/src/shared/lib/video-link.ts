/** A video id of the video-sharing site: 11 letters, digits, underscores or hyphens (spec 5 "Video link"). */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

const WATCH_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
/** Paths whose second segment is the id: /shorts/ID, /embed/ID, /live/ID, /v/ID. */
const ID_PATH_PREFIXES = new Set(['shorts', 'embed', 'live', 'v']);

function idOrNull(candidate: string | null | undefined): string | null {
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

function toUrl(text: string): URL | null {
  // A link pasted without its scheme (`youtu.be/ID`, `www.youtube.com/watch?v=ID`) is read as https.
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    return new URL(withScheme);
  } catch {
    return null;
  }
}

/**
 * The video id of a link, or null when the link is not a valid one (spec 5 "Video link"):
 * youtube.com/watch?v=ID (other parameters allowed), /shorts/ID, /embed/ID, youtu.be/ID, the
 * m. and www. hosts, or a bare 11-character id. Anything else (other hosts, other schemes such as
 * javascript:, ids of another length) is null.
 */
export function parseVideoId(link: string | null | undefined): string | null {
  const text = link?.trim();
  if (!text) return null;
  if (VIDEO_ID.test(text)) return text;
  const url = toUrl(text);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  if (SHORT_HOSTS.has(host)) return segments.length === 1 ? idOrNull(segments[0]) : null;
  if (!WATCH_HOSTS.has(host)) return null;
  if (segments.length === 1 && segments[0] === 'watch') return idOrNull(url.searchParams.get('v'));
  if (segments.length === 2 && ID_PATH_PREFIXES.has(segments[0] ?? '')) return idOrNull(segments[1]);
  return null;
}

/**
 * The privacy-enhanced player address for an id: related videos from the same channel only, and
 * autoplay unless it is a preview.
 */
export function videoEmbedUrl(videoId: string, { autoplay = true }: { autoplay?: boolean } = {}): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?${autoplay ? 'autoplay=1&' : ''}rel=0`;
}

/** What openModal(MODAL_KINDS.VIDEO_PLAYER, data) accepts: the link as stored, and an optional text below the video. */
export type VideoPlayerData = { url: string | null | undefined; description?: string | null };
