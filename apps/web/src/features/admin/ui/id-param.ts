/** A positive id from the URL (`?userId=42`, a link from the user page), else undefined. */
export function idParam(value: string): number | undefined {
  return /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;
}
