import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLessonCall, parseSignal, type SignalData } from './lesson-call.ts';

/**
 * A minimal RTCPeerConnection: enough of the signalling state machine for the perfect negotiation
 * pattern (offers, answers, rollback by an incoming offer on the polite side), recorded per peer.
 */
class FakePeer {
  static all: FakePeer[] = [];
  signalingState: RTCSignalingState = 'stable';
  iceConnectionState: RTCIceConnectionState = 'new';
  localDescription: { type: RTCSdpType; sdp: string; toJSON(): RTCSessionDescriptionInit } | null = null;
  remote: RTCSessionDescriptionInit[] = [];
  candidates: (RTCIceCandidateInit | undefined)[] = [];
  tracks: MediaStreamTrack[] = [];
  restarts = 0;
  closed = false;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((event: { candidate: null }) => void) | null = null;
  ontrack: ((event: { track: MediaStreamTrack; streams: MediaStream[] }) => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  constructor(readonly config: RTCConfiguration) {
    FakePeer.all.push(this);
  }
  private negotiationQueued = false;
  addTrack(track: MediaStreamTrack) {
    this.tracks.push(track);
    // A track added while answering an offer rides on that answer; others need one offer (coalesced).
    if (this.signalingState === 'have-remote-offer' || this.negotiationQueued) return;
    this.negotiationQueued = true;
    queueMicrotask(() => {
      this.negotiationQueued = false;
      this.onnegotiationneeded?.();
    });
  }
  async setLocalDescription() {
    const type: RTCSdpType = this.signalingState === 'have-remote-offer' ? 'answer' : 'offer';
    const sdp = `${type}-${FakePeer.all.indexOf(this)}`;
    this.localDescription = { type, sdp, toJSON: () => ({ type, sdp }) };
    this.signalingState = type === 'offer' ? 'have-local-offer' : 'stable';
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remote.push(description);
    // An offer while ours is out: the implicit rollback of the polite side.
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
  }
  async addIceCandidate(candidate?: RTCIceCandidateInit) {
    this.candidates.push(candidate);
  }
  restartIce() {
    this.restarts += 1;
  }
  getSenders() {
    return [];
  }
  close() {
    this.closed = true;
  }
  setIce(state: RTCIceConnectionState) {
    this.iceConnectionState = state;
    this.oniceconnectionstatechange?.();
  }
}

const track = (kind: string) => ({ kind, id: kind }) as MediaStreamTrack;

function side(polite: boolean) {
  const sent: SignalData[] = [];
  const statuses: string[] = [];
  let ids = 0;
  const call = createLessonCall({
    polite,
    iceServers: [{ urls: 'stun:stun.example.com' }],
    send: (data) => sent.push(data),
    onRemoteStream: () => undefined,
    onStatus: (status) => statuses.push(status),
    createPeer: (config) => new FakePeer(config) as unknown as RTCPeerConnection,
    newId: () => `${polite ? 's' : 't'}${++ids}`,
    log: { warn: () => undefined },
  });
  call.setLocalStream({ getTracks: () => [track('audio'), track('video')] } as unknown as MediaStream);
  return { call, sent, statuses };
}

/** Delivers everything one side sent so far to the other, in order. */
async function deliver(from: { sent: SignalData[] }, to: { call: ReturnType<typeof createLessonCall> }) {
  const batch = from.sent.splice(0);
  for (const data of batch) await to.call.receive(JSON.parse(JSON.stringify(data)));
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  FakePeer.all = [];
  vi.stubGlobal('MediaStream', class {});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('parseSignal', () => {
  it('accepts hello, descriptions and candidates, and nothing else', () => {
    expect(parseSignal({ hello: true })).toEqual({ hello: true, reply: false, pc: null });
    expect(parseSignal({ description: { type: 'offer', sdp: 'x' }, pc: 't1' })).toMatchObject({ pc: 't1' });
    expect(parseSignal({ candidate: null, pc: 't1' })).toEqual({ candidate: null, pc: 't1' });
    for (const bad of [
      null,
      'x',
      [],
      { description: { type: 'offer' } },
      { description: { type: 'pranswer' }, pc: 'a' },
    ]) {
      expect(parseSignal(bad)).toBeNull();
    }
  });
});

describe('perfect negotiation over lesson:signal', () => {
  it('the student first, then the teacher: the teacher offers and the student answers', async () => {
    const student = side(true);
    const teacher = side(false);
    student.call.joined({ rejoin: false }); // nobody hears this hello
    student.sent.splice(0);
    teacher.call.joined({ rejoin: false });
    await deliver(teacher, student); // the teacher's hello: the student replies
    await deliver(student, teacher); // the reply: the teacher opens a connection and offers
    await flush();
    expect(FakePeer.all).toHaveLength(1);
    await deliver(teacher, student); // the offer: the student opens its connection and answers
    await deliver(student, teacher);
    const [teacherPeer, studentPeer] = FakePeer.all;
    expect(studentPeer?.remote.map((d) => d.type)).toEqual(['offer']);
    expect(teacherPeer?.remote.map((d) => d.type)).toEqual(['answer']);
    expect(teacherPeer?.signalingState).toBe('stable');
    expect(studentPeer?.tracks.map((t) => t.kind)).toEqual(['audio', 'video']);
    expect(teacherPeer?.config.iceServers).toEqual([{ urls: 'stun:stun.example.com' }]);
    studentPeer?.setIce('connected');
    expect(student.statuses.at(-1)).toBe('connected');
  });

  it('the teacher first, then the student; a reload of the student starts a fresh connection', async () => {
    const teacher = side(false);
    teacher.call.joined({ rejoin: false });
    teacher.sent.splice(0);
    const student = side(true);
    student.call.joined({ rejoin: false });
    await deliver(student, teacher);
    await flush();
    await deliver(teacher, student);
    await deliver(student, teacher);
    expect(FakePeer.all[0]?.signalingState).toBe('stable');
    expect(FakePeer.all[0]?.remote.map((d) => d.type)).toEqual(['answer']);

    // The student reloads: a new page says hello without a connection; the teacher starts over.
    student.call.close();
    const again = side(true);
    again.call.joined({ rejoin: false });
    await deliver(again, teacher);
    await flush();
    expect(FakePeer.all[0]?.closed).toBe(true);
    await deliver(teacher, again);
    await deliver(again, teacher);
    const fresh = FakePeer.all.filter((peer) => !peer.closed);
    expect(fresh).toHaveLength(2);
    expect(fresh.every((peer) => peer.signalingState === 'stable')).toBe(true);
  });

  it('drops signalling for a connection that is not the current one', async () => {
    const teacher = side(false);
    await teacher.call.receive({ hello: true, pc: null });
    await flush();
    await teacher.call.receive({ description: { type: 'answer', sdp: 'old' }, pc: 'someone-else' });
    await teacher.call.receive({ candidate: { candidate: 'c' }, pc: 'someone-else' });
    expect(FakePeer.all[0]?.remote).toEqual([]);
    expect(FakePeer.all[0]?.candidates).toEqual([]);
  });

  it('sends devices that arrive after joining on the running connection', async () => {
    const teacher = side(false);
    teacher.call.setLocalStream(null);
    await teacher.call.receive({ hello: true, pc: null });
    await flush();
    expect(FakePeer.all[0]?.tracks).toEqual([]);
    teacher.call.setLocalStream({ getTracks: () => [track('audio'), track('video')] } as unknown as MediaStream);
    expect(FakePeer.all[0]?.tracks.map((t) => t.kind)).toEqual(['audio', 'video']);
  });

  it('restarts ICE after a socket reconnect and when ICE fails, on the same connection', async () => {
    const teacher = side(false);
    await teacher.call.receive({ hello: true, pc: null });
    await flush();
    const peer = FakePeer.all[0];
    teacher.call.socketLost();
    expect(teacher.statuses.at(-1)).toBe('reconnecting');
    teacher.call.joined({ rejoin: true });
    expect(peer?.restarts).toBe(1);
    // The student, still on this connection, answers the hello with its id: no new connection.
    const hello = teacher.sent.find((data) => 'hello' in data);
    expect(hello).toEqual({ hello: true, reply: false, pc: 't1' });
    await teacher.call.receive({ hello: true, reply: true, pc: 't1' });
    expect(FakePeer.all).toHaveLength(1);
    peer?.setIce('failed');
    expect(peer?.restarts).toBe(2);
  });
});
