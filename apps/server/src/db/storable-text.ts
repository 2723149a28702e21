/** A UTF-16 half of a pair without its other half (JSON allows it as `\ud800`; UTF-8 and jsonb do not). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * PostgreSQL text cannot hold U+0000, and jsonb refuses a lone surrogate (`"\ud800"`): either in
 * user input would fail the INSERT with a server error. Services pass free text through this
 * before storing it: NULs are dropped, lone surrogates become U+FFFD (what UTF-8 text gets anyway).
 */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\ufffd');
}
