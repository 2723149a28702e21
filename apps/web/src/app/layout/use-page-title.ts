import type { WebsiteSettings } from '@ustaz/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { RouteHandle } from '../routes.tsx';

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return !!handle && typeof handle === 'object' && 'titleKey' in handle;
}

/** Sets the document title per route: "{page} | {app}", or the default title from settings. */
export function usePageTitle(settings: WebsiteSettings | undefined) {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle as RouteHandle | undefined;
  const titleKey = handle?.titleKey;

  useEffect(() => {
    const appName = t('appName');
    if (titleKey) document.title = `${t(`titles.${titleKey}`)} | ${appName}`;
    else if (settings?.defaultTitle) document.title = settings.defaultTitle;
    else document.title = appName;
  }, [titleKey, settings?.defaultTitle, t]);
}
