import type { AdminSettings } from '@ustaz/contract';
import { factory } from '../../../shared/test/factory.ts';

/** Test data factory for the settings page. */
export const adminSettings = factory<AdminSettings>(() => ({
  version: 3,
  appName: 'Ustaz',
  defaultTitle: 'Ustaz — private tutors in Kuwait',
  defaultDescription: 'Book a lesson with a verified tutor.',
  defaultKeywords: 'tutor, kuwait',
  defaultOgImage: null,
  logoUrl: null,
  faviconUrl: '/favicon.svg',
  primaryColor: '#1e40af',
  secondaryColor: '#f59e0b',
  facebookUrl: null,
  twitterUrl: 'https://x.com/ustaz',
  instagramUrl: null,
  linkedinUrl: null,
  youtubeUrl: null,
  tiktokPixelId: null,
  googleAnalyticsId: 'G-TEST1',
  facebookPixelId: null,
  instagramPixelId: null,
  hotjarId: null,
  contactEmail: 'hello@ustaz.example',
  contactPhone: '+965 2222 3333',
  contactAddress: null,
  headerScripts: '',
  footerScripts: '',
  enableRegistration: true,
  maxUploadSize: 5 * 1024 * 1024,
  updatedAt: '2026-03-01T10:00:00.000Z',
}));
