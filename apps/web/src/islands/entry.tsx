/**
 * A guest's first view of a public page (ADR 038): the page is the server's HTML, and only its
 * islands (`data-island` elements, shared/ssr/island.tsx) are hydrated, each as its own React root
 * with what the server rendered it with: the page's texts, its queries, the route's params and a
 * guest. No router, no session, no socket: a link is followed by the browser (the next public page
 * is rendered by the server as well), and a signed-in visitor gets the whole app instead (the
 * page's boot script chooses, apps/server/src/web/index-html.ts). Built by vite.islands.config.ts.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { modalRegistry } from '../app/modal-registry.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { initI18n } from '../shared/i18n/i18n.ts';
import { registerServiceWorker } from '../shared/lib/service-worker.ts';
import { type LoadedSettings, websiteSettingsQueryKey } from '../shared/settings/api.ts';
import { applyFavicon, safeImageUrl } from '../shared/settings/brand.ts';
import { injectMarketingScripts } from '../shared/settings/marketing-scripts.ts';
import { ISLAND_ATTRIBUTE } from '../shared/ssr/island.tsx';
import { readServerRenderData } from '../shared/ssr/server-render-data.ts';
import { ModalProvider } from '../shared/ui/modal/modal-context.tsx';
import { ISLAND_LOADERS } from './registry.ts';
import { IslandParams } from './router-lite.tsx';

const server = readServerRenderData(document);
if (server) await hydrateIslands(server);

async function hydrateIslands(data: NonNullable<typeof server>) {
  await initI18n(data.language, data.texts);
  const queryClient = createQueryClient(data.queries);
  const params = data.params ?? {};
  const settings = queryClient.getQueryData<LoadedSettings>(websiteSettingsQueryKey)?.settings;
  if (settings) {
    applyFavicon(document, safeImageUrl(settings.faviconUrl));
    injectMarketingScripts(settings);
  }

  // An island's element is `display: contents` (no box of its own): its first child is watched.
  const islandOf = new Map<Element, HTMLElement>();
  const visible = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const island = islandOf.get(entry.target);
        if (!entry.isIntersecting || !island) continue;
        visible.unobserve(entry.target);
        islandOf.delete(entry.target);
        void hydrate(island);
      }
    },
    { rootMargin: '200px' },
  );

  async function hydrate(element: HTMLElement) {
    const name = element.getAttribute(ISLAND_ATTRIBUTE) as keyof typeof ISLAND_LOADERS;
    const load = ISLAND_LOADERS[name];
    if (!load) return;
    const Component = await load();
    const props = JSON.parse(element.dataset.islandProps ?? '{}') as object;
    // In a transition, hydration is work React can pause every few milliseconds (a default-priority
    // hydration is one task: on a phone, 100 to 350 ms during which a tap waits). A tap on an island
    // not yet hydrated makes React hydrate it at once and then handle the tap.
    startTransition(() => {
      hydrateRoot(
        element,
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <IslandParams params={params}>
              <ModalProvider registry={modalRegistry}>
                <Component {...props} />
              </ModalProvider>
            </IslandParams>
          </QueryClientProvider>
        </StrictMode>,
      );
    });
  }

  for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    const watched = element.firstElementChild;
    if (element.dataset.islandWhen === 'visible' && watched) {
      islandOf.set(watched, element);
      visible.observe(watched);
    } else void hydrate(element);
  }
}

registerServiceWorker();
