import { appNameIn, directionOf, isLanguage, type Language, type WebsiteSettings } from '@ustaz/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { SettingsService } from '../modules/settings/settings.service.ts';
import { PAGE_TEXTS } from './page-texts.ts';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** The install icons (apps/web/public/icons, generated from the favicon's mark). */
const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/**
 * The web app manifest of one language (issue 19): the app's name (the settings' name, else the
 * language's), the theme colour from the settings, `lang` and `dir`, start at the language's home,
 * standalone. One `id` for both languages: installing from /ar or /en is the same app.
 */
export function webManifest(settings: WebsiteSettings, lang: Language) {
  const texts = PAGE_TEXTS[lang];
  // The operator's own name as they wrote it; the default name (or none) in the manifest's language.
  const own = appNameIn(settings, lang);
  const name = own && !Object.values(PAGE_TEXTS).some((other) => other.appName === own) ? own : texts.appName;
  const theme = HEX_COLOR.test(settings.primaryColor) ? settings.primaryColor : '#1e3a8a';
  return {
    id: '/',
    name,
    short_name: name,
    description: settings.defaultDescription.trim() || texts.description,
    lang: lang === 'ar' ? 'ar-KW' : 'en',
    dir: directionOf(lang),
    start_url: `/${lang}`,
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#ffffff',
    theme_color: theme,
    categories: ['education'],
    icons: ICONS,
  };
}

/** GET /manifest.webmanifest?lang=ar|en (Arabic without one); the page's head links its language's. */
export function manifestRoutes(settings: SettingsService): FastifyPluginAsync {
  return async (app) => {
    app.get('/manifest.webmanifest', {
      schema: { hide: true },
      handler: async (request, reply) => {
        const asked = (request.query as { lang?: unknown } | undefined)?.lang;
        const lang: Language = typeof asked === 'string' && isLanguage(asked) ? asked : 'ar';
        const body = webManifest(await settings.getWebsiteSettings(), lang);
        return reply
          .header('content-type', 'application/manifest+json; charset=utf-8')
          .header('cache-control', 'public, no-cache')
          .send(JSON.stringify(body));
      },
    });
  };
}
