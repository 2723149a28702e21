import { DEFAULT_ADMIN_DASHBOARD_URL, DEFAULT_MAX_UPLOAD_BYTES } from './constants.ts';
import type { WebsiteSettings } from './settings.ts';

/**
 * The spec's fallback defaults (section 3): Arabic app name and title, primary dark blue,
 * secondary red, registration enabled, max upload size 10 MB. Used by the client when the
 * server cannot be reached and no cached copy exists, and by the server's seed.
 */
export const FALLBACK_WEBSITE_SETTINGS: WebsiteSettings = {
  id: 0,
  facebookUrl: null,
  twitterUrl: null,
  instagramUrl: null,
  linkedinUrl: null,
  youtubeUrl: null,
  tiktokPixelId: null,
  googleAnalyticsId: null,
  facebookPixelId: null,
  instagramPixelId: null,
  hotjarId: null,
  defaultTitle: 'أستاذ | منصة الدروس الخصوصية',
  defaultDescription: 'أستاذ منصة كويتية للدروس الخصوصية عبر الإنترنت: اعثر على معلمك واحجز حصتك.',
  defaultKeywords: 'دروس خصوصية, معلم, الكويت, تعليم عن بعد, tutoring, Kuwait',
  defaultOgImage: null,
  contactEmail: null,
  contactPhone: null,
  contactAddress: null,
  contactAddressEn: null,
  appName: 'أستاذ',
  appNameEn: null,
  logoUrl: null,
  faviconUrl: null,
  primaryColor: '#1e3a8a',
  secondaryColor: '#dc2626',
  customScripts: { headerScripts: '', footerScripts: '' },
  additional: {
    enableRegistration: true,
    maxUploadSize: DEFAULT_MAX_UPLOAD_BYTES,
    googleClientId: null,
    adminDashboardUrl: DEFAULT_ADMIN_DASHBOARD_URL,
  },
  createdAt: '1970-01-01T00:00:00.000Z',
  updatedAt: '1970-01-01T00:00:00.000Z',
  version: 0,
};
