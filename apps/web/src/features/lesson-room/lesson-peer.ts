import { type CallContext, setStatus } from './lesson-call-context.ts';

/** Waits this long in ICE state `disconnected` (which often heals itself) before restarting ICE. */
const DISCONNECTED_RESTART_MS = 2500;

function clearDisconnectedTimer(ctx: CallContext) {
  if (ctx.disconnectedTimer !== null) clearTimeout(ctx.disconnectedTimer);
  ctx.disconnectedTimer = null;
}

/** Closes the current connection, its handlers first (a closed connection tells nothing more). */
export function closePeer(ctx: CallContext) {
  clearDisconnectedTimer(ctx);
  if (!ctx.pc) return;
  const old = ctx.pc;
  ctx.pc = null;
  ctx.pcId = null;
  old.onnegotiationneeded = null;
  old.onicecandidate = null;
  old.ontrack = null;
  old.oniceconnectionstatechange = null;
  old.onconnectionstatechange = null;
  old.close();
  ctx.onRemoteStream(null);
}

export function addLocalTracks(ctx: CallContext, peer: RTCPeerConnection) {
  const stream = ctx.localStream ?? new MediaStream();
  for (const track of ctx.localTracks) peer.addTrack(track, stream);
}

/** A fresh connection for the teacher's connection `id` (the current one is closed first). */
export function openPeer(ctx: CallContext, id: string, addTracks: boolean): RTCPeerConnection {
  closePeer(ctx);
  const peer = ctx.createPeer({ iceServers: ctx.iceServers as RTCIceServer[] });
  ctx.pc = peer;
  ctx.pcId = id;
  ctx.makingOffer = false;
  ctx.ignoreOffer = false;
  const remote = new MediaStream();
  peer.ontrack = ({ track, streams }) => {
    const stream = streams[0];
    if (stream) ctx.onRemoteStream(stream);
    else {
      remote.addTrack(track);
      ctx.onRemoteStream(remote);
    }
  };
  peer.onicecandidate = ({ candidate }) => {
    if (ctx.pc === peer) ctx.send({ candidate: candidate ? candidate.toJSON() : null, pc: id });
  };
  peer.onnegotiationneeded = async () => {
    if (ctx.pc !== peer) return;
    try {
      ctx.makingOffer = true;
      await peer.setLocalDescription();
      if (ctx.pc === peer && peer.localDescription) ctx.send({ description: peer.localDescription.toJSON(), pc: id });
    } catch (error) {
      ctx.log.warn('lesson: could not make an offer', error);
    } finally {
      ctx.makingOffer = false;
    }
  };
  peer.oniceconnectionstatechange = () => onIceState(ctx, peer);
  if (addTracks) addLocalTracks(ctx, peer);
  setStatus(ctx, 'connecting');
  return peer;
}

/** Connected, or reconnecting: a failed ICE restarts at once, a disconnected one after 2.5 s. */
function onIceState(ctx: CallContext, peer: RTCPeerConnection) {
  if (ctx.pc !== peer) return;
  const state = peer.iceConnectionState;
  if (state === 'connected' || state === 'completed') {
    clearDisconnectedTimer(ctx);
    setStatus(ctx, 'connected');
  } else if (state === 'failed') {
    setStatus(ctx, 'reconnecting');
    peer.restartIce();
  } else if (state === 'disconnected') {
    setStatus(ctx, 'reconnecting');
    clearDisconnectedTimer(ctx);
    ctx.disconnectedTimer = setTimeout(() => {
      if (ctx.pc === peer && peer.iceConnectionState === 'disconnected') peer.restartIce();
    }, DISCONNECTED_RESTART_MS);
  }
}
