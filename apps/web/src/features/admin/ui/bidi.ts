/**
 * Text of its own direction inside a translated sentence (a payment id or a name in an Arabic
 * sentence): first strong isolate ... pop directional isolate, so it neither flips nor drags
 * the punctuation around it.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
