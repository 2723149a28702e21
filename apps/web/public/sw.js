/*
 * Ustaz service worker (issue 19), at the root scope.
 * - Pages: network first; a page that loaded is kept, so it opens again offline; without the
 *   network and a kept copy, the offline page answers in the page's language, saying whether the
 *   device is offline or the site is down.
 * - The app shell, its icon sprite and fonts: the built files under /assets/ are content-hashed,
 *   so once fetched they are served from the cache; the locale texts and icons are refreshed in the background.
 * - The API, the socket and anything of another origin are never cached (personal data).
 * - Web Push: shows the notification the server sent (title, body, the page to open) and opens
 *   or focuses that page when it is clicked.
 */
const VERSION = 'v2';
const SHELL = `ustaz-shell-${VERSION}`;
const PAGES = `ustaz-pages-${VERSION}`;
const OFFLINE_URL = '/offline.html';
const PRECACHE = [OFFLINE_URL, '/favicon.svg', '/icons/icon-192.png'];

/**
 * The built files a page names (/assets/...: scripts, styles, the icon sprite its icons `<use>`) and,
 * inside the styles, the fonts.
 */
async function shellFiles(pagePath) {
  const page = await fetch(pagePath, { credentials: 'same-origin' });
  if (!page.ok) return [];
  const found = new Set((await page.text()).match(/\/assets\/[\w.-]+\.(?:js|css|svg)/g) ?? []);
  for (const file of [...found]) {
    if (!file.endsWith('.css')) continue;
    const css = await fetch(file).then((response) => (response.ok ? response.text() : ''));
    for (const font of css.match(/\/assets\/[\w.-]+\.woff2/g) ?? []) found.add(font);
  }
  return [...found];
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      await cache.addAll(PRECACHE);
      // The app shell and its fonts, best effort: a failure here leaves them to the runtime cache.
      try {
        // Both languages' pages name the same built files.
        await cache.addAll(await shellFiles('/ar'));
      } catch {
        // offline or a partial deploy: the files are cached when pages fetch them
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('ustaz-') && ![SHELL, PAGES].includes(name))
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** The language of a page address: its prefix, else the language the app stored (its cookie), else ar. */
async function pageLanguage(url) {
  const prefix = url.pathname.split('/')[1];
  if (prefix === 'ar' || prefix === 'en') return prefix;
  try {
    const cookie = self.cookieStore ? await self.cookieStore.get('lang') : null;
    if (cookie && (cookie.value === 'ar' || cookie.value === 'en')) return cookie.value;
  } catch {
    // no cookie store here
  }
  return 'ar';
}

/**
 * The offline page for one case, in the page's language only: `offline` when the device has no
 * connection, `down` when it has one but the site does not answer (or answers 502/503/504). The
 * page holds the four sections; the others are cut out here (the page runs no script).
 */
async function offlinePage(url, reason) {
  const kept = await caches.match(OFFLINE_URL, { cacheName: SHELL });
  if (!kept) return Response.error();
  const language = await pageLanguage(url);
  const shown = `${language}-${reason}`;
  let html = (await kept.text()).replace(
    /<section\b[^>]*data-offline="([\w-]+)"[^>]*>[\s\S]*?<\/section>\s*/g,
    (section, name) => (name === shown ? section : ''),
  );
  const title = /<h1>([^<]*)<\/h1>/.exec(html)?.[1] ?? '';
  html = html
    .replace(/<html[^>]*>/, `<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
  return new Response(html, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

const SERVER_DOWN = new Set([502, 503, 504]);

async function networkFirstPage(request) {
  const url = new URL(request.url);
  let response;
  try {
    response = await fetch(request);
  } catch {
    const kept = await caches.match(request, { cacheName: PAGES });
    // No answer at all: the device is offline, or it is online and the site is down.
    return kept ?? (await offlinePage(url, self.navigator.onLine === false ? 'offline' : 'down'));
  }
  if (response.ok) {
    const cache = await caches.open(PAGES);
    await cache.put(request, response.clone());
    return response;
  }
  // A gateway or the server says it is down: a kept copy, else the page that says so.
  if (SERVER_DOWN.has(response.status)) {
    return (await caches.match(request, { cacheName: PAGES })) ?? (await offlinePage(url, 'down'));
  }
  return response;
}

async function cacheFirst(request) {
  const kept = await caches.match(request, { cacheName: SHELL });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(SHELL);
    await cache.put(request, response.clone());
  }
  return response;
}

async function staleWhileRevalidate(event) {
  const { request } = event;
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request);
  const fresh = fetch(request)
    .then(async (response) => {
      if (response.ok) await cache.put(request, response.clone());
      return response;
    })
    .catch(() => kept ?? Response.error());
  if (kept) {
    event.waitUntil(fresh);
    return kept;
  }
  return fresh;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io')) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (url.pathname.startsWith('/locales/') || url.pathname.startsWith('/icons/') || url.pathname === '/favicon.svg') {
    event.respondWith(staleWhileRevalidate(event));
  }
});

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { title: event.data ? event.data.text() : '' };
  }
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Ustaz';
  const url = typeof payload.url === 'string' && payload.url.startsWith('/') ? payload.url : '/';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      tag: typeof payload.tag === 'string' ? payload.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: url.startsWith('/en') ? 'en' : 'ar',
      dir: url.startsWith('/en') ? 'ltr' : 'rtl',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === target);
      if (open) return open.focus();
      const any = windows[0];
      if (any && 'navigate' in any) return any.navigate(target).then((client) => client?.focus());
      return self.clients.openWindow(target);
    }),
  );
});
