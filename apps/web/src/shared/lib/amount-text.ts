/** Arabic-Indic digits and the Arabic decimal separator as typed on an Arabic keyboard, in ASCII. */
export function normalizeAmountText(raw: string): string {
  return raw
    .trim()
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\u066B/g, '.');
}
