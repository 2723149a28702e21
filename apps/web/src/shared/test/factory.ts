/**
 * Test helper under every `*-test-data.ts`: a factory that builds fresh `defaults` on each call and
 * lays `overrides` over them. `defaults` gets the call's number (1, 2, …) for ids that must differ.
 */
export function factory<T extends object>(defaults: (sequence: number) => T): (overrides?: Partial<T>) => T {
  let sequence = 0;
  return (overrides = {}) => {
    sequence += 1;
    return { ...defaults(sequence), ...overrides };
  };
}
