import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, createQueryClient } from './app/app.tsx';
import { appRoutes, resolveLazyMatches } from './app/router.tsx';
import { initI18n } from './shared/i18n/i18n.ts';
import { readStoredLanguage, resolveLanguage } from './shared/i18n/language.ts';
import { registerServiceWorker } from './shared/lib/service-worker.ts';
import { readServerRenderData } from './shared/ssr/server-render-data.ts';
import './index.css';

const { language } = resolveLanguage(window.location, safeStoredLanguage());
// A server-rendered page (ADR 021) carries its texts, its queries and the router's state: the
// texts and data are not fetched again, and the page is hydrated instead of drawn anew.
const server = readServerRenderData(document);
const fromServer = server?.language === language ? server : null;
await initI18n(language, fromServer?.texts);
const queryClient = createQueryClient(fromServer?.queries);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
if (fromServer && root.firstChild) {
  await resolveLazyMatches(appRoutes, window.location);
  const router = createBrowserRouter(appRoutes, {
    hydrationData: { loaderData: fromServer.router.loaderData, actionData: fromServer.router.actionData },
  });
  hydrateRoot(
    root,
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <App router={createBrowserRouter(appRoutes)} queryClient={queryClient} />
    </StrictMode>,
  );
}

registerServiceWorker();

function safeStoredLanguage() {
  try {
    return readStoredLanguage(window.localStorage);
  } catch {
    return null;
  }
}
