/** A value of the other direction inside a sentence (an IBAN in Arabic text) keeps its own: first strong isolate ... pop. */
export function isolate(value: string): string {
  return `\u2068${value}\u2069`;
}
