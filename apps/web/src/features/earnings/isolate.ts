/** A value of the other direction inside a sentence (a name in Arabic text) keeps its own: first strong isolate ... pop. */
export function isolate(value: string): string {
  return `\u2068${value}\u2069`;
}

/** An IBAN or a reference inside a sentence reads left to right whatever starts it: left-to-right isolate ... pop. */
export function ltr(value: string): string {
  return `\u2066${value}\u2069`;
}
