import type { ComponentType } from 'react';
import type { IslandName } from './island-names.ts';

/** When an island's code loads: at once, or when it comes near the screen (below the fold). */
export type IslandWhen = 'load' | 'visible';

export const ISLAND_ATTRIBUTE = 'data-island';

type IslandProps<P extends object> = {
  /** Its name in the islands registry (registry.ts), which loads the same component. */
  name: IslandName;
  of: ComponentType<P>;
  /** JSON-serialisable: written into the page and handed to the component again in the browser. */
  props?: P;
  when?: IslandWhen;
};

/**
 * An interactive part of a public page (ADR 038). The app renders the component inside a
 * `display: contents` element that names it; a guest's browser hydrates only these elements,
 * each with its own root (islands/entry.tsx), and the rest of the page stays the server's HTML.
 * The signed-in app hydrates the whole page, these elements included, as before.
 */
export function Island<P extends object>({ name, of: Component, props, when = 'load' }: IslandProps<P>) {
  return (
    <div
      {...{ [ISLAND_ATTRIBUTE]: name }}
      data-island-when={when === 'load' ? undefined : when}
      data-island-props={props ? JSON.stringify(props) : undefined}
      className="contents"
    >
      <Component {...((props ?? {}) as P)} />
    </div>
  );
}
