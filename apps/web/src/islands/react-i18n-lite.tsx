/**
 * What the islands build (ADR 038) gives in place of react-i18next: `useTranslation` over the
 * islands' i18n (i18n-lite.ts). A namespace not loaded yet suspends until it is, as react-i18next
 * does with `useSuspense`. Only the names the island code imports are here.
 */
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import defaultInstance, { type I18nLite, type TFunction } from './i18n-lite.ts';

const I18nContext = createContext<I18nLite>(defaultInstance);

export function I18nextProvider({ i18n, children }: { i18n: I18nLite; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export const initReactI18next = { type: '3rdParty' as const, init: () => {} };

type UseTranslation = { t: TFunction; i18n: I18nLite; ready: boolean } & [TFunction, I18nLite, boolean];

export function useTranslation(ns?: string | readonly string[], options?: { keyPrefix?: string }): UseTranslation {
  const i18n = useContext(I18nContext);
  const namespaces = ns === undefined ? [i18n.options.defaultNS ?? 'common'] : typeof ns === 'string' ? [ns] : [...ns];
  const missing = namespaces.filter((name) => !i18n.hasLoadedNamespace(name));
  if (missing.length > 0) throw i18n.loadNamespaces(missing);
  const first = namespaces[0] ?? 'common';
  const keyPrefix = options?.keyPrefix;
  const t = useMemo(() => i18n.getFixedT(null, first, keyPrefix), [i18n, first, keyPrefix]);
  return useMemo(() => Object.assign([t, i18n, true], { t, i18n, ready: true }) as UseTranslation, [t, i18n]);
}
