/**
 * A list from a locale file (`t(key, { returnObjects: true })`) whose items each hold the given
 * text fields; anything else (a missing key returns the key itself) gives an empty list.
 */
export function translatedList<K extends string>(value: unknown, fields: readonly K[]): Record<K, string>[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is Record<K, string> =>
      typeof item === 'object' && item !== null && fields.every((field) => typeof item[field] === 'string'),
  );
}
