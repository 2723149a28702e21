import { TIMINGS } from '@ustaz/contract/constants';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { RESERVATIONS_QUERY_KEY } from '../../features/reservations/api/reservations.ts';
import { useRefreshOnPaymentInOtherTab } from '../../shared/money/payment-broadcast.ts';
import { BALANCE_QUERY_KEY } from '../../shared/money/use-balance.ts';
import { useWebsiteSettings } from '../../shared/settings/api.ts';
import { applyFavicon, safeImageUrl } from '../../shared/settings/brand.ts';
import { injectMarketingScripts } from '../../shared/settings/marketing-scripts.ts';
import { Island } from '../../shared/ssr/island.tsx';
import { ModalProvider } from '../../shared/ui/modal/modal-context.tsx';
import { FullPageSpinner } from '../../shared/ui/spinner.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { AuthProvider } from '../auth-provider.tsx';
import { modalRegistry } from '../modal-registry.tsx';
import { Navbar } from './navbar.tsx';
import { usePageTitle } from './use-page-title.ts';
import { useScrollManager } from './use-scroll-manager.ts';
import { WhatsAppButton } from './whatsapp-button.tsx';

// Below the fold: loaded after the first paint, keeping the first bundle small.
const Footer = lazy(() => import('./footer.tsx').then((m) => ({ default: m.Footer })));

/** What a payment completed in another tab makes out of date here: the wallet, the hours, the reservations. */
const PAYMENT_REFRESHES = [BALANCE_QUERY_KEY, RESERVATIONS_QUERY_KEY];

/** Every page: skip link, navigation bar, the page, footer, WhatsApp button, the modal host, all under the auth state. */
export function AppLayout() {
  const { t } = useTranslation();
  const settings = useWebsiteSettings();
  usePageTitle(settings.data?.settings);
  useScrollManager();
  useRefreshOnPaymentInOtherTab(PAYMENT_REFRESHES);

  const loaded = settings.data;
  const favicon = safeImageUrl(loaded?.settings.faviconUrl);
  useEffect(() => applyFavicon(document, favicon), [favicon]);
  useEffect(() => {
    if (!loaded) return;
    injectMarketingScripts(loaded.settings);
    if (loaded.fromCache)
      notify.info(t('settings.cachedNotice'), { duration: TIMINGS.cachedSettingsNoticeMs, id: 'cached-settings' });
  }, [loaded, t]);

  return (
    <AuthProvider>
      <ModalProvider registry={modalRegistry}>
        <div className="flex min-h-dvh flex-col">
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
          >
            {t('skipToContent')}
          </a>
          <Island name="navbar" of={Navbar} />
          <main id="main" className="flex-1">
            <Suspense fallback={<FullPageSpinner />}>
              <Outlet />
            </Suspense>
          </main>
          <Suspense fallback={<div className="mt-16 min-h-72 bg-slate-900" />}>
            <Island name="footer" of={Footer} when="visible" />
          </Suspense>
          <WhatsAppButton />
        </div>
      </ModalProvider>
    </AuthProvider>
  );
}
