import { isLanguage } from '@ustaz/contract/constants';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { applyDocumentLanguage, readStoredLanguage, resolveLanguage, storeLanguage } from '../shared/i18n/language.ts';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Redirects paths without a supported language prefix; otherwise applies and stores the language. */
export function LanguageGate() {
  const { lang } = useParams();
  const { i18n } = useTranslation();
  const supported = isLanguage(lang) ? lang : null;

  useEffect(() => {
    if (!supported) return;
    applyDocumentLanguage(supported);
    const store = storage();
    if (store) storeLanguage(store, supported);
    if (i18n.language !== supported) void i18n.changeLanguage(supported);
  }, [supported, i18n]);

  if (!supported) return <LanguageRedirect />;
  return <Outlet />;
}

export function LanguageRedirect() {
  const location = useLocation();
  const store = storage();
  const { redirectTo } = resolveLanguage(location, store ? readStoredLanguage(store) : null);
  return <Navigate to={redirectTo ?? '/ar'} replace />;
}
