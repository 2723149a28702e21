import { documentTitle, HOME_TITLE_KEY, type WebsiteSettings } from '@ustaz/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { brandOf, siteTitleOf } from '../../shared/settings/brand.ts';
import { useOwnPageTitleValue } from '../../shared/settings/page-title.ts';
import type { RouteHandle } from '../routes.tsx';

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return !!handle && typeof handle === 'object' && 'titleKey' in handle;
}

/**
 * Sets the document title per route (spec 2): "{page} · {the settings' default title}" (the
 * settings' app name, else the translated one, while the default title is empty), the default title
 * alone on the home page. A page that names itself (`useOwnPageTitle`: a teacher's page) gives
 * "{its title} · {default title}". The server writes the same title into the page (web/page-head.ts).
 */
export function usePageTitle(settings: WebsiteSettings | undefined) {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle as RouteHandle | undefined;
  const titleKey = handle?.titleKey;
  const language = useCurrentLanguage();
  const siteTitle = siteTitleOf(settings, brandOf(settings, t('appName'), language).appName);
  const ownTitle = useOwnPageTitleValue();

  useEffect(() => {
    const pageTitle = ownTitle ?? (titleKey && titleKey !== HOME_TITLE_KEY ? t(`titles.${titleKey}`) : null);
    document.title = documentTitle(pageTitle, siteTitle);
  }, [ownTitle, titleKey, siteTitle, t]);
}
