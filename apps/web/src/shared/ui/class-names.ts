/** Joins the truthy class names: `cx('a', isOn && 'b', undefined)` is `'a b'` or `'a'`. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
