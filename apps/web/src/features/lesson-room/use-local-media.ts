import { useCallback, useEffect, useRef, useState } from 'react';

export type MediaChoice = { cameraId: string | null; microphoneId: string | null };
export type DeviceLists = { cameras: MediaDeviceInfo[]; microphones: MediaDeviceInfo[] };

/**
 * The camera and microphone of the device check, kept while the room is open and handed to the
 * call: the chosen devices' stream, the lists to choose from (with labels once allowed), and the
 * mute and camera toggles (tracks disabled, not stopped, so the call goes on without renegotiating).
 */
export function useLocalMedia(active: boolean) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [devices, setDevices] = useState<DeviceLists>({ cameras: [], microphones: [] });
  const [choice, setChoice] = useState<MediaChoice>({ cameraId: null, microphoneId: null });
  const [failed, setFailed] = useState(false);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const current = useRef<MediaStream | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for the devices again (Try again)
  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) {
      setFailed(true);
      return;
    }
    const video: MediaTrackConstraints | boolean = choice.cameraId ? { deviceId: { exact: choice.cameraId } } : true;
    const audio: MediaTrackConstraints | boolean = choice.microphoneId
      ? { deviceId: { exact: choice.microphoneId } }
      : true;
    (async () => {
      let next: MediaStream | null = null;
      try {
        next = await media.getUserMedia({ video, audio });
      } catch {
        // No camera (or it was refused): try the microphone alone.
        next = await media.getUserMedia({ audio }).catch(() => null);
      }
      if (cancelled) {
        for (const track of next?.getTracks() ?? []) track.stop();
        return;
      }
      for (const track of current.current?.getTracks() ?? []) track.stop();
      current.current = next;
      setFailed(next === null);
      setStream(next);
      const list = await media.enumerateDevices().catch(() => []);
      if (cancelled) return;
      setDevices({
        cameras: list.filter((device) => device.kind === 'videoinput'),
        microphones: list.filter((device) => device.kind === 'audioinput'),
      });
    })();
    return () => {
      cancelled = true;
    };
  }, [active, choice.cameraId, choice.microphoneId, attempt]);

  // The toggles apply to whatever stream is current.
  useEffect(() => {
    for (const track of stream?.getAudioTracks() ?? []) track.enabled = !muted;
  }, [stream, muted]);
  useEffect(() => {
    for (const track of stream?.getVideoTracks() ?? []) track.enabled = !cameraOff;
  }, [stream, cameraOff]);

  // Leaving the room (or the page) lets go of the devices.
  useEffect(() => {
    if (active) return;
    for (const track of current.current?.getTracks() ?? []) track.stop();
    current.current = null;
    setStream(null);
  }, [active]);
  useEffect(
    () => () => {
      for (const track of current.current?.getTracks() ?? []) track.stop();
    },
    [],
  );

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const selected = {
    cameraId: choice.cameraId ?? stream?.getVideoTracks()[0]?.getSettings().deviceId ?? null,
    microphoneId: choice.microphoneId ?? stream?.getAudioTracks()[0]?.getSettings().deviceId ?? null,
  };
  return {
    stream,
    devices,
    selected,
    choose: setChoice,
    failed,
    retry,
    muted,
    setMuted,
    cameraOff,
    setCameraOff,
  };
}

export type LocalMedia = ReturnType<typeof useLocalMedia>;
