import type { IceServer } from '@ustaz/contract';

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
 */

export type CallStatus = 'waiting' | 'connecting' | 'connected' | 'reconnecting';

export type SignalData =
  | { hello: true; reply: boolean; pc: string | null }
  | { description: RTCSessionDescriptionInit; pc: string }
  | { candidate: RTCIceCandidateInit | null; pc: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The other party's signalling data, checked; null for anything else. */
export function parseSignal(data: unknown): SignalData | null {
  if (!isRecord(data)) return null;
  if (data.hello === true) {
    return { hello: true, reply: data.reply === true, pc: typeof data.pc === 'string' ? data.pc : null };
  }
  if (typeof data.pc !== 'string') return null;
  const { description, candidate } = data;
  if (isRecord(description) && (description.type === 'offer' || description.type === 'answer')) {
    return { description: description as unknown as RTCSessionDescriptionInit, pc: data.pc };
  }
  if (candidate === null || isRecord(candidate)) {
    return { candidate: candidate as RTCIceCandidateInit | null, pc: data.pc };
  }
  return null;
}

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

/** Waits this long in ICE state `disconnected` (which often heals itself) before restarting ICE. */
const DISCONNECTED_RESTART_MS = 2500;

export function createLessonCall(options: LessonCallOptions) {
  const { polite, send } = options;
  const createPeer = options.createPeer ?? ((config) => new RTCPeerConnection(config));
  const newId = options.newId ?? (() => crypto.randomUUID());
  const log = options.log ?? console;

  let pc: RTCPeerConnection | null = null;
  /** The teacher's connection id the current `pc` belongs to. */
  let pcId: string | null = null;
  let localTracks: MediaStreamTrack[] = [];
  let localStream: MediaStream | null = null;
  let makingOffer = false;
  let ignoreOffer = false;
  let closed = false;
  let status: CallStatus = 'waiting';
  let disconnectedTimer: ReturnType<typeof setTimeout> | null = null;

  function setStatus(next: CallStatus) {
    if (next === status) return;
    status = next;
    options.onStatus(next);
  }

  function clearDisconnectedTimer() {
    if (disconnectedTimer !== null) clearTimeout(disconnectedTimer);
    disconnectedTimer = null;
  }

  function closePeer() {
    clearDisconnectedTimer();
    if (!pc) return;
    const old = pc;
    pc = null;
    pcId = null;
    old.onnegotiationneeded = null;
    old.onicecandidate = null;
    old.ontrack = null;
    old.oniceconnectionstatechange = null;
    old.onconnectionstatechange = null;
    old.close();
    options.onRemoteStream(null);
  }

  function openPeer(id: string, addTracks: boolean): RTCPeerConnection {
    closePeer();
    const peer = createPeer({ iceServers: options.iceServers as RTCIceServer[] });
    pc = peer;
    pcId = id;
    makingOffer = false;
    ignoreOffer = false;
    const remote = new MediaStream();
    peer.ontrack = ({ track, streams }) => {
      const stream = streams[0];
      if (stream) options.onRemoteStream(stream);
      else {
        remote.addTrack(track);
        options.onRemoteStream(remote);
      }
    };
    peer.onicecandidate = ({ candidate }) => {
      if (pc === peer) send({ candidate: candidate ? candidate.toJSON() : null, pc: id });
    };
    peer.onnegotiationneeded = async () => {
      if (pc !== peer) return;
      try {
        makingOffer = true;
        await peer.setLocalDescription();
        if (pc === peer && peer.localDescription) send({ description: peer.localDescription.toJSON(), pc: id });
      } catch (error) {
        log.warn('lesson: could not make an offer', error);
      } finally {
        makingOffer = false;
      }
    };
    peer.oniceconnectionstatechange = () => {
      if (pc !== peer) return;
      const state = peer.iceConnectionState;
      if (state === 'connected' || state === 'completed') {
        clearDisconnectedTimer();
        setStatus('connected');
      } else if (state === 'failed') {
        setStatus('reconnecting');
        peer.restartIce();
      } else if (state === 'disconnected') {
        setStatus('reconnecting');
        clearDisconnectedTimer();
        disconnectedTimer = setTimeout(() => {
          if (pc === peer && peer.iceConnectionState === 'disconnected') peer.restartIce();
        }, DISCONNECTED_RESTART_MS);
      }
    };
    if (addTracks) addLocalTracks(peer);
    setStatus('connecting');
    return peer;
  }

  function addLocalTracks(peer: RTCPeerConnection) {
    const stream = localStream ?? new MediaStream();
    for (const track of localTracks) peer.addTrack(track, stream);
  }

  /** The teacher opens a fresh connection to the student who is (now) in the room and offers. */
  function offerAfresh() {
    openPeer(newId(), true);
  }

  async function onDescription(description: RTCSessionDescriptionInit, forPc: string) {
    if (!polite && forPc !== pcId) return;
    let peer = pc;
    if (polite && (forPc !== pcId || !peer)) {
      // A connection the student does not know: only an offer opens it.
      if (description.type !== 'offer') return;
      peer = openPeer(forPc, false);
      await peer.setRemoteDescription(description);
      addLocalTracks(peer);
      await peer.setLocalDescription();
      if (pc === peer && peer.localDescription) send({ description: peer.localDescription.toJSON(), pc: forPc });
      return;
    }
    if (!peer) return;
    const collision = description.type === 'offer' && (makingOffer || peer.signalingState !== 'stable');
    ignoreOffer = !polite && collision;
    if (ignoreOffer) return;
    await peer.setRemoteDescription(description);
    if (description.type === 'offer') {
      await peer.setLocalDescription();
      if (pc === peer && peer.localDescription) send({ description: peer.localDescription.toJSON(), pc: forPc });
    }
  }

  async function onCandidate(candidate: RTCIceCandidateInit | null, forPc: string) {
    if (!pc || forPc !== pcId) return;
    try {
      await pc.addIceCandidate(candidate ?? undefined);
    } catch (error) {
      if (!ignoreOffer) log.warn('lesson: could not add an ICE candidate', error);
    }
  }

  return {
    get status(): CallStatus {
      return status;
    },
    /**
     * The tracks to send (the device check's stream). On a running connection a track of a kind
     * already sent replaces it; a new kind is added (the connection renegotiates).
     */
    setLocalStream(stream: MediaStream | null) {
      localStream = stream;
      localTracks = stream ? stream.getTracks() : [];
      const peer = pc;
      if (!peer || !stream) return;
      const senders = peer.getSenders();
      for (const track of localTracks) {
        const sender = senders.find((item) => item.track?.kind === track.kind);
        if (sender) {
          if (sender.track !== track) void sender.replaceTrack(track);
        } else peer.addTrack(track, stream);
      }
    },
    /** This side has joined the room (first time, or again after a socket reconnect). */
    joined({ rejoin }: { rejoin: boolean }) {
      if (closed) return;
      send({ hello: true, reply: false, pc: pcId });
      if (rejoin && pc) {
        setStatus('reconnecting');
        pc.restartIce();
      }
    },
    /** The socket went away: the call may still run peer to peer, the room says reconnecting. */
    socketLost() {
      if (pc) setStatus('reconnecting');
    },
    /** Signalling data from the other party. */
    async receive(raw: unknown) {
      if (closed) return;
      const data = parseSignal(raw);
      if (!data) return;
      try {
        if ('hello' in data) {
          if (polite) {
            if (!data.reply) send({ hello: true, reply: true, pc: pcId });
            return;
          }
          // The student is here: a fresh connection unless it is still on ours.
          if (!pc || data.pc !== pcId) offerAfresh();
          return;
        }
        if ('description' in data) await onDescription(data.description, data.pc);
        else await onCandidate(data.candidate, data.pc);
      } catch (error) {
        log.warn('lesson: signalling failed', error);
      }
    },
    /** Replaces the video being sent (a screen share, or the camera back); no renegotiation. */
    async replaceVideoTrack(track: MediaStreamTrack | null) {
      const sender = pc?.getSenders().find((item) => item.track?.kind === 'video');
      if (sender) await sender.replaceTrack(track);
    },
    close() {
      closed = true;
      closePeer();
    },
  };
}

export type LessonCall = ReturnType<typeof createLessonCall>;
