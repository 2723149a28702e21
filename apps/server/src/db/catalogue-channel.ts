/** The channel migration 0025's triggers notify on a change to teachers, their subjects, slots or names. */
export const CATALOGUE_CHANNEL = 'ustaz_catalogue';

/** Listeners of `onCatalogueChange`, and the function that calls them all. */
export function catalogueListeners() {
  const listeners = new Set<() => void>();
  return {
    add(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    changed() {
      for (const listener of listeners) listener();
    },
  };
}
