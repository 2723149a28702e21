import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './shared/i18n/i18n.ts';
import { readStoredLanguage, resolveLanguage } from './shared/i18n/language.ts';
import './index.css';

const { language } = resolveLanguage(window.location, safeStoredLanguage());
await initI18n(language);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (public/sw.js, issue 19): installable app, offline page, Web Push. Production
// builds only (not the dev server, not vitest), once the page has loaded (which may already be the
// case here: the await above lets the load event pass).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

function safeStoredLanguage() {
  try {
    return readStoredLanguage(window.localStorage);
  } catch {
    return null;
  }
}
