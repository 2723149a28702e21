/**
 * Test-only fault injection (RELIABILITY P0 5): production code marks a point with `hit(name)`;
 * a test arms it with `arm(name, fn)` to throw there. Nothing is armed outside tests.
 */
const armed = new Map<string, () => void>();

export const failpoints = {
  arm(name: string, action: () => void) {
    armed.set(name, action);
  },
  disarm(name: string) {
    armed.delete(name);
  },
  hit(name: string) {
    armed.get(name)?.();
  },
};
