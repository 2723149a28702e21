/** The signalling data of the lesson call (`lesson:signal`), as one side sends it to the other. */
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
