import { LESSON_EVENTS, type LessonRefusal, type LessonRoom } from '@ustaz/contract';
import { useEffect, useRef, useState } from 'react';
import { joinLesson, leaveLesson, reportLessonConnected, sendLessonSignal } from '../../shared/realtime/chat-socket.ts';
import { realtimeEvents } from '../../shared/realtime/realtime-events.ts';
import { type CallStatus, createLessonCall, type LessonCall } from './lesson-call.ts';

export type JoinRefusal = LessonRefusal | 'notConnected';

/**
 * The call while the user is in the room: joins over the socket, runs the WebRTC side (polite for
 * the student), re-joins and restarts ICE after the socket reconnects, and leaves on unmount.
 */
export function useLessonCall(room: LessonRoom, stream: MediaStream | null) {
  const [status, setStatus] = useState<CallStatus>('waiting');
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [refusal, setRefusal] = useState<JoinRefusal | null>(null);
  const call = useRef<LessonCall | null>(null);
  const { reservationId, role, iceServers } = room;
  const initialStream = useRef(stream);

  useEffect(() => {
    const created = createLessonCall({
      polite: role === 'student',
      iceServers,
      send: (data) => {
        sendLessonSignal(reservationId, data);
      },
      onRemoteStream: setRemote,
      onStatus: setStatus,
    });
    created.setLocalStream(initialStream.current);
    call.current = created;
    let live = true;
    let joined = false;
    let lost = false;

    async function join(rejoin: boolean) {
      const answer = await joinLesson(reservationId);
      if (!live) return;
      if (answer.ok) {
        joined = true;
        setRefusal(null);
        created.joined({ rejoin });
      } else setRefusal(answer.code);
    }

    const offSignal = realtimeEvents.on(LESSON_EVENTS.signal, (event) => {
      void created.receive(event.data);
    });
    const offConnection = realtimeEvents.on('connection', (state) => {
      if (state !== 'connected') {
        if (joined) lost = true;
        created.socketLost();
        return;
      }
      if (lost) {
        lost = false;
        void join(true);
      }
    });
    void join(false);
    return () => {
      live = false;
      offSignal();
      offConnection();
      if (joined) leaveLesson(reservationId);
      created.close();
      call.current = null;
    };
  }, [reservationId, role, iceServers]);

  // Each time the call reaches the other party, the server hears it: with both in the room, that makes
  // both present (issue 29), whatever the minutes.
  useEffect(() => {
    if (status === 'connected') reportLessonConnected(reservationId);
  }, [status, reservationId]);

  // Devices that arrive (or change) after joining go into the running call.
  useEffect(() => {
    initialStream.current = stream;
    call.current?.setLocalStream(stream);
  }, [stream]);

  return {
    status,
    remote,
    refusal,
    /** Sends the screen (or the camera again, with null) instead of the camera. */
    replaceVideoTrack: (track: MediaStreamTrack | null) => call.current?.replaceVideoTrack(track),
  };
}
