import type { WebsiteSettings } from '@ustaz/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { brandOf, documentTitle } from '../../shared/settings/brand.ts';
import { useOwnPageTitleValue } from '../../shared/settings/page-title.ts';
import type { RouteHandle } from '../routes.tsx';

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return !!handle && typeof handle === 'object' && 'titleKey' in handle;
}

/**
 * Sets the document title per route: "{page} · {appName}" (the settings' name, the translated one
 * while it is empty), or the settings' default title on a page without a title of its own. A page
 * that names itself (`useOwnPageTitle`: a teacher's page) gives "{its title} · {appName}" instead.
 */
export function usePageTitle(settings: WebsiteSettings | undefined) {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle as RouteHandle | undefined;
  const titleKey = handle?.titleKey;
  const appName = brandOf(settings, t('appName')).appName;
  const defaultTitle = settings?.defaultTitle.trim();
  const ownTitle = useOwnPageTitleValue();

  useEffect(() => {
    if (ownTitle) document.title = documentTitle(ownTitle, appName);
    else if (titleKey) document.title = documentTitle(t(`titles.${titleKey}`), appName);
    else document.title = defaultTitle || documentTitle(null, appName);
  }, [ownTitle, titleKey, defaultTitle, appName, t]);
}
