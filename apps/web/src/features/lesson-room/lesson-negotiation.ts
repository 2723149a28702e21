import type { CallContext } from './lesson-call-context.ts';
import { addLocalTracks, openPeer } from './lesson-peer.ts';
import { parseSignal } from './lesson-signal.ts';

/** Sends the local description of `peer` if it is still the current connection. */
function sendLocalDescription(ctx: CallContext, peer: RTCPeerConnection, forPc: string) {
  if (ctx.pc === peer && peer.localDescription) ctx.send({ description: peer.localDescription.toJSON(), pc: forPc });
}

async function onDescription(ctx: CallContext, description: RTCSessionDescriptionInit, forPc: string) {
  const { polite } = ctx;
  if (!polite && forPc !== ctx.pcId) return;
  let peer = ctx.pc;
  if (polite && (forPc !== ctx.pcId || !peer)) {
    // A connection the student does not know: only an offer opens it.
    if (description.type !== 'offer') return;
    peer = openPeer(ctx, forPc, false);
    await peer.setRemoteDescription(description);
    addLocalTracks(ctx, peer);
    await peer.setLocalDescription();
    sendLocalDescription(ctx, peer, forPc);
    return;
  }
  if (!peer) return;
  const collision = description.type === 'offer' && (ctx.makingOffer || peer.signalingState !== 'stable');
  ctx.ignoreOffer = !polite && collision;
  if (ctx.ignoreOffer) return;
  await peer.setRemoteDescription(description);
  if (description.type === 'offer') {
    await peer.setLocalDescription();
    sendLocalDescription(ctx, peer, forPc);
  }
}

async function onCandidate(ctx: CallContext, candidate: RTCIceCandidateInit | null, forPc: string) {
  if (!ctx.pc || forPc !== ctx.pcId) return;
  try {
    await ctx.pc.addIceCandidate(candidate ?? undefined);
  } catch (error) {
    if (!ctx.ignoreOffer) ctx.log.warn('lesson: could not add an ICE candidate', error);
  }
}

/**
 * Signalling data from the other party. A hello: the student answers the teacher's with a reply;
 * the teacher, with the student (now) in the room, opens a fresh connection and offers unless the
 * student is still on the current one. Descriptions and candidates follow perfect negotiation.
 */
export async function receiveSignal(ctx: CallContext, raw: unknown) {
  if (ctx.closed) return;
  const data = parseSignal(raw);
  if (!data) return;
  try {
    if ('hello' in data) {
      if (ctx.polite) {
        if (!data.reply) ctx.send({ hello: true, reply: true, pc: ctx.pcId });
        return;
      }
      // The student is here: a fresh connection unless it is still on ours.
      if (!ctx.pc || data.pc !== ctx.pcId) openPeer(ctx, ctx.newId(), true);
      return;
    }
    if ('description' in data) await onDescription(ctx, data.description, data.pc);
    else await onCandidate(ctx, data.candidate, data.pc);
  } catch (error) {
    ctx.log.warn('lesson: signalling failed', error);
  }
}
