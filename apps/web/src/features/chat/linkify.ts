export type MessagePiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** An http(s) address as typed in a message; any other scheme (javascript:, data:, mailto:) stays text. */
const ADDRESS = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Sentence punctuation right after an address is not part of it. */
const TRAILING = /[.,;:!?'"»”’،؛؟)\]}]+$/u;

/** Closing brackets that close one opened inside the address belong to it (a Wikipedia link). */
function trimEnd(address: string): string {
  let end = address.replace(TRAILING, '');
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
  ] as const) {
    while (
      address.length > end.length &&
      address[end.length] === close &&
      end.split(open).length > end.split(close).length
    ) {
      end += close;
    }
  }
  return end;
}

function safeHref(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A message's text cut into plain text and http(s) links, in order (nothing is dropped). */
export function linkify(text: string): MessagePiece[] {
  const pieces: MessagePiece[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = trimEnd(match[0]);
    const href = safeHref(address);
    if (!href) continue;
    if (match.index > last) pieces.push({ kind: 'text', text: text.slice(last, match.index) });
    pieces.push({ kind: 'link', text: address, href });
    last = match.index + address.length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}
