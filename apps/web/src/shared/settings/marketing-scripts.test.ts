import { FALLBACK_WEBSITE_SETTINGS } from '@ustaz/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { injectMarketingScripts } from './marketing-scripts.ts';

function scriptSources() {
  return [...document.querySelectorAll<HTMLScriptElement>('script[data-marketing]')].map((s) => s.src);
}

beforeEach(() => {
  for (const s of document.querySelectorAll('script[data-marketing]')) s.remove();
});

describe('injectMarketingScripts', () => {
  it('injects nothing when no id is set', () => {
    expect(injectMarketingScripts(FALLBACK_WEBSITE_SETTINGS)).toEqual([]);
    expect(scriptSources()).toEqual([]);
  });

  it('injects each configured provider once, even when called again', () => {
    const settings = {
      ...FALLBACK_WEBSITE_SETTINGS,
      googleAnalyticsId: 'G-ABC123',
      facebookPixelId: '1234567890',
      instagramPixelId: '555',
      tiktokPixelId: 'CTT123',
      hotjarId: '998877',
    };
    expect(injectMarketingScripts(settings)).toEqual([
      'googleAnalytics',
      'facebookPixel',
      'instagramPixel',
      'tiktokPixel',
      'hotjar',
    ]);
    // The same ids again (a settings refetch) initialise nothing twice.
    expect(injectMarketingScripts({ ...settings, version: 9 })).toEqual([]);
    const sources = scriptSources();
    expect(sources).toHaveLength(4);
    expect(sources).toContain('https://www.googletagmanager.com/gtag/js?id=G-ABC123');
    expect(sources).toContain('https://connect.facebook.net/en_US/fbevents.js');
    expect(sources).toContain('https://static.hotjar.com/c/hotjar-998877.js?sv=6');
    expect(sources.some((s) => s.includes('sdkid=CTT123'))).toBe(true);
  });

  it('refuses ids that could break out of a URL', () => {
    const settings = { ...FALLBACK_WEBSITE_SETTINGS, googleAnalyticsId: '"><script>alert(1)</script>' };
    expect(injectMarketingScripts(settings)).toEqual([]);
    expect(scriptSources()).toEqual([]);
  });
});
