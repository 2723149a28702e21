/** Joins the truthy class names: `cx('a', isOn && 'b', undefined)` is `'a b'` or `'a'`. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}

/**
 * For a dir="auto" field: while it is empty and shows its placeholder, it takes the page's
 * direction. Chromium resolves an empty dir="auto" field to left-to-right, which put an Arabic
 * placeholder on the left and "Enter" at the wrong end of "... ثم اضغط Enter" (issue 17); once
 * the user types, dir="auto" follows the text.
 */
export const PLACEHOLDER_IN_PAGE_DIRECTION = 'placeholder-shown:[direction:inherit]';

/**
 * A left-to-right field (an amount, an e-mail, an IBAN) on a right-to-left page sits at the page's
 * start, on the right like every other Arabic field: its own text keeps its order ("10.500",
 * "a@b.com"), only the alignment follows the page (text-align: end of an LTR box is its right edge;
 * the rtl: variant matches inside dir="rtl", so English pages keep it on the left) (issue 17).
 */
export const LTR_FIELD_AT_PAGE_START = 'rtl:[text-align:end]';
