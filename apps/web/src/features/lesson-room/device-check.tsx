import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Camera, CameraOff, Mic, MicOff } from '../../shared/ui/icons.tsx';
import type { LocalMedia } from './use-local-media.ts';
import { VideoTile } from './video-tile.tsx';

/** A microphone level meter: the stream's loudness through an AnalyserNode, drawn without re-rendering. */
export function LevelMeter({ stream, label }: { stream: MediaStream | null; label: string }) {
  const meter = useRef<HTMLMeterElement>(null);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    const draw = () => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
      if (meter.current) meter.current.value = Math.min(100, Math.round(Math.sqrt(sum / samples.length) * 400));
      frame = requestAnimationFrame(draw);
    };
    draw();
    return () => {
      cancelAnimationFrame(frame);
      source.disconnect();
      void context.close();
      if (meter.current) meter.current.value = 0;
    };
  }, [stream]);
  return (
    <meter
      ref={meter}
      aria-label={label}
      min={0}
      max={100}
      low={5}
      high={85}
      optimum={40}
      defaultValue={0}
      className="h-3 w-full"
      data-testid="lesson-mic-level"
    />
  );
}

/** The two toggles of the local media: each its state, its setter, its words and its icons (pressed, not pressed). */
const MEDIA_TOGGLES = [
  { state: 'muted', set: 'setMuted', label: 'controls.mute', on: MicOff, off: Mic, testId: 'lesson-mute' },
  {
    state: 'cameraOff',
    set: 'setCameraOff',
    label: 'controls.cameraOff',
    on: CameraOff,
    off: Camera,
    testId: 'lesson-camera',
  },
] as const;

/** Mute and camera toggles (aria-pressed), shared by the device check and the call. */
export function MediaToggles({ media }: { media: LocalMedia }) {
  const { t } = useTranslation('lesson-room');
  return MEDIA_TOGGLES.map(({ state, set, label, on, off, testId }) => (
    <ToggleButton
      key={state}
      pressed={media[state]}
      onToggle={() => media[set](!media[state])}
      label={t(label)}
      icon={media[state] ? on : off}
      testId={testId}
    />
  ));
}

export function ToggleButton({
  pressed,
  onToggle,
  label,
  icon: Icon,
  testId,
  disabled = false,
}: {
  pressed: boolean;
  onToggle: () => void;
  label: string;
  icon: typeof Mic;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onToggle}
      disabled={disabled}
      data-testid={testId}
      className={
        pressed
          ? 'inline-flex min-h-11 items-center gap-2 rounded-full bg-red-600 px-4 text-sm font-semibold text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-50'
          : 'inline-flex min-h-11 items-center gap-2 rounded-full bg-slate-100 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-50'
      }
    >
      <Icon aria-hidden="true" className="size-5" />
      {label}
    </button>
  );
}

/** The device check: camera and microphone pickers, the preview, the level meter and the toggles. */
export function DeviceCheck({ media }: { media: LocalMedia }) {
  const { t } = useTranslation('lesson-room');
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="lesson-device-check">
      <VideoTile
        stream={media.stream}
        muted
        mirrored
        label={t('device.preview')}
        testId="lesson-local-video"
        hidden={media.cameraOff}
      />
      <div className="flex flex-col gap-4">
        <DevicePicker
          label={t('device.camera')}
          devices={media.devices.cameras}
          value={media.selected.cameraId}
          onChange={(cameraId) => media.choose({ ...media.selected, cameraId })}
        />
        <DevicePicker
          label={t('device.microphone')}
          devices={media.devices.microphones}
          value={media.selected.microphoneId}
          onChange={(microphoneId) => media.choose({ ...media.selected, microphoneId })}
        />
        <div className="flex flex-col gap-1.5 text-sm font-semibold text-slate-700">
          <span aria-hidden="true">{t('device.level')}</span>
          <LevelMeter stream={media.muted ? null : media.stream} label={t('device.level')} />
        </div>
        <div className="flex flex-wrap gap-2">
          <MediaToggles media={media} />
        </div>
        {media.failed ? (
          <div
            role="alert"
            className="flex flex-col items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900"
          >
            <p>{t('device.error')}</p>
            <Button variant="outline" size="sm" onClick={media.retry}>
              {t('device.retry')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** One device list (cameras or microphones), labelled; unnamed devices are numbered. */
function DevicePicker({
  label,
  devices,
  value,
  onChange,
}: {
  label: string;
  devices: MediaDeviceInfo[];
  value: string | null;
  onChange: (deviceId: string | null) => void;
}) {
  const { t } = useTranslation('lesson-room');
  const language = useCurrentLanguage();
  const id = useId();
  return (
    <label htmlFor={id} className="flex flex-col gap-1.5 text-sm font-semibold text-slate-700">
      {label}
      <select
        id={id}
        className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-primary"
        value={value ?? ''}
        disabled={devices.length === 0}
        onChange={(event) => onChange(event.target.value || null)}
      >
        {devices.length === 0 ? <option value="">{t('device.none')}</option> : null}
        {devices.map((device, index) => (
          <option key={device.deviceId || index} value={device.deviceId}>
            {device.label || `${label} ${formatNumber(index + 1, language)}`}
          </option>
        ))}
      </select>
    </label>
  );
}
