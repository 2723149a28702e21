/**
 * Text of its own direction inside a translated sentence (a name, a payment id or an admin's
 * reason in an Arabic sentence): first strong isolate ... pop directional isolate, so it neither
 * flips nor drags the punctuation around it.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** An IBAN or a reference inside a sentence reads left to right whatever starts it: left-to-right isolate ... pop. */
export function ltr(text: string): string {
  return `\u2066${text}\u2069`;
}
