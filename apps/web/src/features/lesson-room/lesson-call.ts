import {
  type CallContext,
  type CallStatus,
  createCallContext,
  type LessonCallOptions,
  setStatus,
} from './lesson-call-context.ts';
import { receiveSignal } from './lesson-negotiation.ts';
import { closePeer } from './lesson-peer.ts';

export type { CallStatus, LessonCallOptions } from './lesson-call-context.ts';
export { parseSignal, type SignalData } from './lesson-signal.ts';

/**
 * One side of the lesson's video call (issue 16): WebRTC with the perfect negotiation pattern
 * (the student is polite, the teacher impolite), signalled through `lesson:signal`.
 *
 * Who starts: each side says `{ hello }` when it has joined the room; the student answers a
 * teacher's hello with a reply. The teacher, on a hello or a reply from the student, opens a
 * fresh connection (unless the student is still on the teacher's current one) and offers; the
 * student opens a fresh connection for an offer of a connection it does not know. So the order of
 * arrival does not matter, and a reload of either side starts over cleanly. Every description and
 * candidate carries the id of the teacher's connection it belongs to (`pc`); anything for another
 * connection is dropped. A socket reconnect (`rejoined`) and an ICE state of disconnected or
 * failed restart ICE on the same connection.
 *
 * Its parts: the state (`lesson-call-context.ts`), one connection and its events
 * (`lesson-peer.ts`), the signalling (`lesson-negotiation.ts`, `lesson-signal.ts`).
 */
export function createLessonCall(options: LessonCallOptions) {
  const ctx: CallContext = createCallContext(options);

  return {
    get status(): CallStatus {
      return ctx.status;
    },
    /**
     * The tracks to send (the device check's stream). On a running connection a track of a kind
     * already sent replaces it; a new kind is added (the connection renegotiates).
     */
    setLocalStream(stream: MediaStream | null) {
      ctx.localStream = stream;
      ctx.localTracks = stream ? stream.getTracks() : [];
      const peer = ctx.pc;
      if (!peer || !stream) return;
      const senders = peer.getSenders();
      for (const track of ctx.localTracks) {
        const sender = senders.find((item) => item.track?.kind === track.kind);
        if (sender) {
          if (sender.track !== track) void sender.replaceTrack(track);
        } else peer.addTrack(track, stream);
      }
    },
    /** This side has joined the room (first time, or again after a socket reconnect). */
    joined({ rejoin }: { rejoin: boolean }) {
      if (ctx.closed) return;
      ctx.send({ hello: true, reply: false, pc: ctx.pcId });
      if (rejoin && ctx.pc) {
        setStatus(ctx, 'reconnecting');
        ctx.pc.restartIce();
      }
    },
    /** The socket went away: the call may still run peer to peer, the room says reconnecting. */
    socketLost() {
      if (ctx.pc) setStatus(ctx, 'reconnecting');
    },
    /** Signalling data from the other party. */
    receive: (raw: unknown) => receiveSignal(ctx, raw),
    /** Replaces the video being sent (a screen share, or the camera back); no renegotiation. */
    async replaceVideoTrack(track: MediaStreamTrack | null) {
      const sender = ctx.pc?.getSenders().find((item) => item.track?.kind === 'video');
      if (sender) await sender.replaceTrack(track);
    },
    close() {
      ctx.closed = true;
      closePeer(ctx);
    },
  };
}

export type LessonCall = ReturnType<typeof createLessonCall>;
