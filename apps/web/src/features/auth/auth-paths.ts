/**
 * Where to go after signing in: the page the guard sent the visitor away from (same site,
 * same language), else the language home.
 */
export function redirectTarget(state: unknown, home: string): string {
  const from =
    state && typeof state === 'object' && 'from' in state && typeof state.from === 'string' ? state.from : null;
  if (!from?.startsWith(`${home}/`) || from.startsWith('//')) return home;
  return from;
}
