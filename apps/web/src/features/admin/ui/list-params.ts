import { useSearchParams } from 'react-router';

/**
 * A list's filters and page live in the URL (`?status=paid&page=2`), so a reload or a shared link
 * shows the same list. Changing a filter goes back to page 1.
 */
export function useListParams<Key extends string>(keys: readonly Key[]) {
  const [params, setParams] = useSearchParams();
  const text = params.get('page') ?? '';
  const page = /^\d{1,4}$/.test(text) ? Math.max(1, Number(text)) : 1;
  const filters = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<Key, string>;

  function update(changes: Record<string, string | undefined>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    if (next.get('page') === '1') next.delete('page');
    setParams(next, { replace: false });
  }

  return {
    page,
    filters,
    setFilter: (key: Key, value: string) => update({ [key]: value }),
    setFilters: (changes: Partial<Record<Key, string>>) => update(changes),
    setPage: (value: number) => update({ page: String(value) }),
  };
}

/** A filter value as a query parameter: empty means "not set". */
export function optional(value: string): string | undefined {
  return value === '' ? undefined : value;
}

/** A filter read by `oneOf`: the parser, which also says its choices (a select offers them). */
export type ChoiceParser<Choice extends string | number> = ((value: string) => Choice | undefined) & {
  choices: readonly Choice[];
};

/** A filter that is one of `choices` (a status, a kind, a role id), else undefined. */
export function oneOf<const Choice extends string | number>(choices: readonly Choice[]): ChoiceParser<Choice> {
  const parse = (value: string): Choice | undefined => choices.find((choice) => String(choice) === value);
  return Object.assign(parse, { choices });
}

/** A yes/no filter (`?isActive=true`), as the list endpoints take it. */
export const booleanParam = oneOf(['true', 'false']);
