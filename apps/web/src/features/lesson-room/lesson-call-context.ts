import type { IceServer } from '@ustaz/contract';
import type { SignalData } from './lesson-signal.ts';

export type CallStatus = 'waiting' | 'connecting' | 'connected' | 'reconnecting';

export type LessonCallOptions = {
  polite: boolean;
  iceServers: IceServer[];
  /** Sends signalling data to the other party (lesson:signal). */
  send: (data: SignalData) => void;
  onRemoteStream: (stream: MediaStream | null) => void;
  onStatus: (status: CallStatus) => void;
  createPeer?: (config: RTCConfiguration) => RTCPeerConnection;
  newId?: () => string;
  log?: Pick<Console, 'warn'>;
};

/** One call's options with their defaults, and its state, shared by the files of the call. */
export type CallContext = Required<LessonCallOptions> & {
  pc: RTCPeerConnection | null;
  /** The teacher's connection id the current `pc` belongs to. */
  pcId: string | null;
  localTracks: MediaStreamTrack[];
  localStream: MediaStream | null;
  makingOffer: boolean;
  ignoreOffer: boolean;
  closed: boolean;
  status: CallStatus;
  disconnectedTimer: ReturnType<typeof setTimeout> | null;
};

export function createCallContext(options: LessonCallOptions): CallContext {
  return {
    ...options,
    createPeer: options.createPeer ?? ((config) => new RTCPeerConnection(config)),
    newId: options.newId ?? (() => crypto.randomUUID()),
    log: options.log ?? console,
    pc: null,
    pcId: null,
    localTracks: [],
    localStream: null,
    makingOffer: false,
    ignoreOffer: false,
    closed: false,
    status: 'waiting',
    disconnectedTimer: null,
  };
}

export function setStatus(ctx: CallContext, next: CallStatus) {
  if (next === ctx.status) return;
  ctx.status = next;
  ctx.onStatus(next);
}
