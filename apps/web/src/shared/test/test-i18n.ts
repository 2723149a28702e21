import type { Language } from '@ustaz/contract/constants';
import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { numberFormatter, numberInterpolation } from '../i18n/number-interpolation.ts';

/** Every locale file, read at build time of the test (the real files, not copies). */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../../../public/locales/*/*.json', {
  eager: true,
});

function resources() {
  const all: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, module] of Object.entries(files)) {
    const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (!match?.[1] || !match[2]) continue;
    all[match[1]] ??= {};
    (all[match[1]] as Record<string, Record<string, unknown>>)[match[2]] = module.default;
  }
  return all;
}

export type TestI18n = { i18n: I18n; missing: string[] };

/** Every key asked for but missing since the last takeMissingKeys(), from every test instance. */
let missingSinceLastTake: string[] = [];

/**
 * The keys a render asked for but the ar/en files lack since the last call, and forgets them. The
 * test setup calls it after each test and fails the test on any (a raw key on screen); a test
 * that renders a missing key on purpose calls it itself.
 */
export function takeMissingKeys(): string[] {
  const taken = missingSinceLastTake;
  missingSinceLastTake = [];
  return taken;
}

/**
 * Test helper: an i18next instance in `language` with every namespace of the real locale files,
 * no fallback language, and a list of the keys a render asked for but the files lack.
 */
export async function createTestI18n(language: Language, { global = false } = {}): Promise<TestI18n> {
  const missing: string[] = [];
  const i18n = createInstance().use(numberFormatter);
  // `global` makes it react-i18next's instance, for components rendered without an I18nextProvider.
  if (global) i18n.use(initReactI18next);
  await i18n.init({
    lng: language,
    fallbackLng: false,
    ns: ['common', 'auth', 'profile'],
    defaultNS: 'common',
    resources: resources(),
    interpolation: numberInterpolation,
    react: { useSuspense: false },
    saveMissing: true,
    missingKeyHandler: (languages, namespace, key) => {
      missing.push(`${namespace}:${key}`);
      missingSinceLastTake.push(`${languages.join(',')} ${namespace}:${key}`);
    },
  });
  return { i18n, missing };
}

let globalI18n: I18n | null = null;

/**
 * Test helper for shared UI rendered without an I18nextProvider: react-i18next's own instance
 * (createTestI18n's, made on the first call) switched to `language`. Await it before rendering.
 */
export async function setTestLanguage(language: Language): Promise<void> {
  if (globalI18n) await globalI18n.changeLanguage(language);
  else globalI18n = (await createTestI18n(language, { global: true })).i18n;
}

/** A JSON answer for a mocked fetch. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
