/**
 * PostgreSQL text cannot hold U+0000; a NUL in user input would fail the INSERT with a server
 * error. Services pass free text through this before storing it.
 */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '');
}
