import type { LessonRoom } from '@ustaz/contract';
import { type ComponentType, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiRequestError } from '../../shared/http/client.ts';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import {
  formatTimeRange,
  formatWeekdayDate,
  timeZoneLongName,
  viewerTimeZone,
} from '../../shared/lib/dates/formats.ts';
import { formatNumber, formatTwoDigits } from '../../shared/lib/format.ts';
import { Button, buttonClasses } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { CalendarClock, ExternalLink, LogOut, PhoneOff, Video } from '../../shared/ui/icons.tsx';
import { RetryAlert } from '../../shared/ui/retry-alert.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useLessonRoom } from './api/lesson-room.ts';
import { DeviceCheck, MediaToggles } from './device-check.tsx';
import {
  countdown,
  parseReservationId,
  type RoomPhase,
  type RoomState,
  roomPhase,
  roomState,
  serverNow,
} from './lesson-room-state.ts';
import { ShareButton } from './share-button.tsx';
import { useLessonCall } from './use-lesson-call.ts';
import { type LocalMedia, useLocalMedia } from './use-local-media.ts';
import { VideoTile } from './video-tile.tsx';

/** The conversation with the other party, handed in by the app (features do not import each other). */
export type LessonChat = ComponentType<{ otherUserId: number }>;

type ExternalMeeting = { url: string; provider: 'zoom' | 'meet' | 'teams' };

/** The lesson's outside meeting link (Zoom, Meet, Teams), when the teacher set one. */
function externalMeeting(value: unknown): ExternalMeeting | null {
  if (typeof value !== 'object' || value === null) return null;
  const { url, provider } = value as Record<string, unknown>;
  if (typeof url !== 'string' || !url.startsWith('https://')) return null;
  return provider === 'zoom' || provider === 'meet' || provider === 'teams' ? { url, provider } : null;
}

/** The server's time, ticking each second (by the browser's clock plus the measured skew). */
function useServerNow(skewMs: number | null): number {
  const [browserNow, setBrowserNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setBrowserNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return serverNow(browserNow, skewMs ?? 0);
}

/**
 * /{lang}/lessons/{reservationId}: the lesson room (issue 16) for the lesson's student and
 * teacher; anyone else sees the not-found page. Before the window a countdown by the server's
 * clock, then a device check and Join, the call with the chat beside it, and after the lesson how
 * it ended.
 */
export function LessonRoomPage({ notFound: NotFound, chat: Chat }: { notFound: ComponentType; chat?: LessonChat }) {
  const { t } = useTranslation('lesson-room');
  const { id } = useParams();
  const reservationId = parseReservationId(id);
  const query = useLessonRoom(reservationId);
  const now = useServerNow(query.data?.skewMs ?? null);
  const room = query.data?.room ?? null;
  const phase: RoomPhase | null = room ? roomPhase(room, now) : null;
  const [joined, setJoined] = useState(false);
  // The device check before the room opens holds the devices only while it is shown.
  const [checking, setChecking] = useState(false);
  const notFound =
    reservationId === null || (query.isError && query.error instanceof ApiRequestError && query.error.status === 404);
  const state = roomState({ pending: query.isPending && !notFound, notFound }, phase, joined);
  const media = useLocalMedia(state === 'open' || state === 'in-call' || (state === 'before' && checking));

  // When the room closes (or opens), the server knows how the lesson stands.
  const previousPhase = useRef(phase);
  useEffect(() => {
    if (previousPhase.current !== null && previousPhase.current !== phase) void query.refetch();
    previousPhase.current = phase;
  }, [phase, query]);
  useEffect(() => {
    if (phase !== 'open') setJoined(false);
  }, [phase]);

  return (
    <div data-testid="lesson-state" data-state={state} className="contents">
      {state === 'not-found' ? (
        <NotFound />
      ) : query.isError && !room ? (
        <div className="mx-auto w-full max-w-xl px-4 py-16">
          <RetryAlert message={t('loadError')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </div>
      ) : state === 'loading' || !room ? (
        <div className="flex min-h-[60vh] items-center justify-center text-primary">
          <Spinner size="lg" label={t('loading')} />
        </div>
      ) : (
        <RoomScreen
          room={room}
          state={state}
          now={now}
          media={media}
          chat={Chat}
          onJoin={setJoined}
          checking={checking}
          setChecking={setChecking}
        />
      )}
    </div>
  );
}

function RoomScreen({
  room,
  state,
  now,
  media,
  chat: Chat,
  onJoin,
  checking,
  setChecking,
}: {
  room: LessonRoom;
  state: Exclude<RoomState, 'loading' | 'not-found'>;
  now: number;
  media: LocalMedia;
  chat: LessonChat | undefined;
  onJoin: (joined: boolean) => void;
  checking: boolean;
  setChecking: (checking: boolean) => void;
}) {
  const { t } = useTranslation('lesson-room');
  const language = useCurrentLanguage();
  const zone = useMemo(() => viewerTimeZone(), []);
  const other = room.role === 'student' ? 'teacher' : 'student';
  const external = externalMeeting(room.externalLink);
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-6 sm:px-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-extrabold text-slate-900">{t(`lessonWith.${other}`)}</h1>
        <p className="text-slate-700" data-testid="lesson-time">
          {t('when', {
            date: formatWeekdayDate(room.startTime, language, zone),
            range: formatTimeRange(room.startTime, room.endTime, language, zone),
          })}
        </p>
        <p className="text-xs text-slate-500">{t('zone', { zone: timeZoneLongName(zone, language) })}</p>
      </header>
      <div
        className={cx('grid gap-5', Chat && state !== 'after' && 'lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start')}
      >
        <main className="flex min-w-0 flex-col gap-5">
          {state === 'before' ? (
            <Before room={room} now={now} media={media} checking={checking} setChecking={setChecking} />
          ) : null}
          {state === 'open' && external ? <ExternalJoin meeting={external} joinUrl={room.joinUrl} /> : null}
          {state === 'open' && !external ? (
            <section className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
              <div>
                <h2 className="text-lg font-bold text-slate-900">{t('open.title')}</h2>
                <p className="text-sm text-slate-600">{t('open.body')}</p>
              </div>
              <DeviceCheck media={media} />
              <div>
                <Button
                  size="lg"
                  onClick={() => onJoin(true)}
                  loading={!media.stream && !media.failed}
                  data-testid="lesson-join"
                >
                  <Video aria-hidden="true" className="size-5" />
                  {t('join')}
                </Button>
              </div>
            </section>
          ) : null}
          {state === 'in-call' ? <InCall room={room} media={media} onLeave={() => onJoin(false)} /> : null}
          {state === 'after' ? <After room={room} /> : null}
        </main>
        {Chat && state !== 'after' ? (
          <aside
            aria-label={t('chatHeading')}
            className="flex h-[32rem] min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
          >
            <Chat otherUserId={room.otherUserId} />
          </aside>
        ) : null}
      </div>
    </div>
  );
}

function Before({
  room,
  now,
  media,
  checking,
  setChecking,
}: {
  room: LessonRoom;
  now: number;
  media: LocalMedia;
  checking: boolean;
  setChecking: (checking: boolean) => void;
}) {
  const { t } = useTranslation('lesson-room');
  const language = useCurrentLanguage();
  const left = countdown(Date.parse(room.opensAt), now);
  const two = (value: number) => formatTwoDigits(value, language);
  const clock = `${two(left.hours)}:${two(left.minutes)}:${two(left.seconds)}`;
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex items-start gap-3">
        <CalendarClock aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
        <h2 className="text-lg font-bold text-slate-900">{t('before.title')}</h2>
      </div>
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1" data-testid="lesson-countdown">
        <span className="text-sm text-slate-600">{t('before.opensIn')}</span>
        {left.days > 0 ? (
          <span className="text-2xl font-black text-primary">
            {t('before.days', { count: left.days, number: formatNumber(left.days, language) })}
          </span>
        ) : null}
        <span className="text-4xl font-black text-primary tabular-nums" dir="ltr">
          {clock}
        </span>
      </p>
      <div>
        <Button variant="outline" aria-expanded={checking} onClick={() => setChecking(!checking)}>
          {t(checking ? 'before.hideDevices' : 'before.checkDevices')}
        </Button>
      </div>
      {checking ? <DeviceCheck media={media} /> : null}
    </section>
  );
}

function ExternalJoin({ meeting, joinUrl }: { meeting: ExternalMeeting; joinUrl: string | null }) {
  const { t } = useTranslation('lesson-room');
  return (
    <section className="flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <p className="text-slate-700">{t('external.body')}</p>
      {/* Through the app (issue 29): the link records this party's attendance, then leads to the meeting. */}
      <a
        href={joinUrl ?? meeting.url}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses({ variant: 'primary', size: 'lg' })}
        data-testid="lesson-external-link"
      >
        <ExternalLink aria-hidden="true" className="size-5" />
        {t(`external.${meeting.provider}`)}
      </a>
      <p className="text-sm text-slate-600">{t('external.attendance')}</p>
    </section>
  );
}

function InCall({ room, media, onLeave }: { room: LessonRoom; media: LocalMedia; onLeave: () => void }) {
  const { t } = useTranslation('lesson-room');
  const other = room.role === 'student' ? 'teacher' : 'student';
  const call = useLessonCall(room, media.stream);
  const [screen, setScreen] = useState<MediaStream | null>(null);
  const screenRef = useRef<MediaStream | null>(null);

  function stopSharing() {
    const current = screenRef.current;
    if (!current) return;
    screenRef.current = null;
    for (const track of current.getTracks()) track.stop();
    setScreen(null);
    void call.replaceVideoTrack(media.stream?.getVideoTracks()[0] ?? null);
  }
  async function toggleSharing() {
    if (screenRef.current) return stopSharing();
    const display = await navigator.mediaDevices?.getDisplayMedia?.({ video: true }).catch(() => null);
    const track = display?.getVideoTracks()[0];
    if (!display || !track) return;
    screenRef.current = display;
    track.addEventListener('ended', stopSharing);
    setScreen(display);
    await call.replaceVideoTrack(track);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: stops a share when the call ends
  useEffect(() => () => stopSharing(), []);

  const statusText = call.status === 'waiting' ? t(`status.waiting.${other}`) : t(`status.${call.status}`);
  return (
    <section className="flex flex-col gap-3" aria-label={t('title')}>
      <p
        role="status"
        className={cx(
          'self-start rounded-full px-3 py-1 text-sm font-semibold',
          call.status === 'connected' ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900',
        )}
        data-testid="lesson-call-status"
        data-status={call.status}
      >
        {statusText}
      </p>
      {call.refusal ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
          {t(`refusals.${call.refusal}`)}
        </p>
      ) : null}
      <div className="relative">
        <VideoTile stream={call.remote} label={t(`video.remote.${other}`)} testId="lesson-remote-video" />
        <div className="absolute end-3 bottom-3 w-1/3 max-w-56 sm:w-1/4">
          <VideoTile
            stream={screen ?? media.stream}
            label={t('video.local')}
            testId="lesson-local-video"
            muted
            mirrored={!screen}
            hidden={media.cameraOff && !screen}
            className="border-2 border-white shadow-lg"
          />
        </div>
      </div>
      <div role="toolbar" aria-label={t('controls.label')} className="flex flex-wrap items-center gap-2">
        <MediaToggles media={media} />
        <ShareButton
          sharing={screen !== null}
          onToggle={() => void toggleSharing()}
          disabled={!media.stream?.getVideoTracks().length}
        />
        <button
          type="button"
          onClick={onLeave}
          data-testid="lesson-leave"
          className="ms-auto inline-flex min-h-11 items-center gap-2 rounded-full bg-red-600 px-4 text-sm font-semibold text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
        >
          <PhoneOff aria-hidden="true" className="size-5" />
          {t('controls.leave')}
        </button>
      </div>
    </section>
  );
}

function After({ room }: { room: LessonRoom }) {
  const { t } = useTranslation('lesson-room');
  const language = useCurrentLanguage();
  const cancelled = room.status === 'cancelled';
  return (
    <section
      className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-12 text-center shadow-sm"
      data-testid="lesson-after"
      data-outcome={cancelled ? 'cancelled' : 'ended'}
    >
      <LogOut
        aria-hidden="true"
        className={cx('size-10 rtl:-scale-x-100', cancelled ? 'text-red-700' : 'text-primary')}
      />
      <h2 className="text-2xl font-extrabold text-slate-900">
        {t(cancelled ? 'after.cancelledTitle' : 'after.endedTitle')}
      </h2>
      <p className="max-w-md text-slate-600">{t(cancelled ? 'after.cancelledBody' : 'after.endedBody')}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        {cancelled ? null : (
          <Link
            to={localePath(language, '/reservations?scope=past')}
            className={buttonClasses({ variant: 'primary' })}
            data-testid="lesson-review-link"
          >
            {t('after.review')}
          </Link>
        )}
        <Link to={localePath(language, '/schedule')} className={buttonClasses({ variant: 'outline' })}>
          {t('schedule')}
        </Link>
      </div>
    </section>
  );
}
