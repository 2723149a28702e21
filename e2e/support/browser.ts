import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

export function baseUrl(): string {
  return inject('baseUrl');
}

/**
 * Chromium's own fake camera and microphone (a test pattern and a beep), granted without a prompt,
 * and media that plays without a user gesture: for the lesson room's WebRTC specs only.
 */
export const FAKE_MEDIA_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];

/**
 * Debian's Chromium, headless, with the flags this closed network needs. `fakeMedia`: with
 * FAKE_MEDIA_ARGS (camera, microphone and autoplay for the lesson room).
 */
export function launchBrowser({ fakeMedia = false }: { fakeMedia?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromePath'),
    headless: true,
    args: [
      ...(fakeMedia ? FAKE_MEDIA_ARGS : []),
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US', ...options });
  const page = await context.newPage();
  // Nothing outside this machine is reachable: fail fast instead of waiting for time-outs.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  return page;
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: false });
}

/**
 * Waits until a server-rendered public page answers taps: a guest's islands hydrated on load
 * (ADR 038), or the whole app for a stored session. A tap before that lands on the server's HTML
 * and does nothing, as it would before any hydration.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const isRoot = (element: Element | null) =>
        element !== null && Object.keys(element).some((key) => key.startsWith('__reactContainer'));
      // A stored session hydrates the whole app instead.
      if (isRoot(document.getElementById('root'))) return true;
      const islands = [...document.querySelectorAll('[data-island]:not([data-island-when])')];
      return islands.length > 0 && islands.every(isRoot);
    },
    undefined,
    { timeout: 15_000 },
  );
}
