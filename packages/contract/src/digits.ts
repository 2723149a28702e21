/**
 * Numbers as typed on an Arabic or Persian keyboard, in ASCII, for every amount and number field
 * (client and contract): Arabic-Indic (٠-٩) and Persian (۰-۹) digits to 0-9, the Arabic decimal
 * separator (٫) to ".", the Arabic thousands separator (٬) removed. Anything else is left as it
 * is, so the schema that follows still refuses what is not a number. "١٠٫٥" -> "10.5".
 */
export function toAsciiDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\u066B/g, '.')
    .replace(/\u066C/g, '');
}

/** A query or body value before a number schema: text with Arabic digits as ASCII, anything else as it is. */
export function asciiDigitsValue(value: unknown): unknown {
  return typeof value === 'string' ? toAsciiDigits(value) : value;
}
