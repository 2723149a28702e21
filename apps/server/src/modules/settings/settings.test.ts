import { websiteSettingsSchema } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import { websiteSettings } from '../../db/schema.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createSettingsService, INITIAL_SETTINGS } from './settings.service.ts';

describe('GET /api/settings/website', () => {
  const { t } = useTestApp();

  it('answers the spec fallback values when no settings row exists yet', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/website' });
    expect(res.statusCode).toBe(200);
    const body = websiteSettingsSchema.parse(res.json());
    expect(body.additional).toEqual({
      enableRegistration: true,
      maxUploadSize: 10_485_760,
      googleClientId: null,
      adminDashboardUrl: '/admin',
    });
    expect(body.facebookUrl).toBeNull();
  });

  it('serves the stored row in the contract shape once seeded, and seeding twice adds nothing', async () => {
    const service = createSettingsService(t.database.db, { googleClientId: null, adminDashboardUrl: '/admin' });
    await service.ensureSettings();
    await service.ensureSettings();
    expect(await t.database.db.select().from(websiteSettings)).toHaveLength(1);

    const res = await t.app.inject({ method: 'GET', url: '/api/settings/website' });
    const body = websiteSettingsSchema.parse(res.json());
    expect(body.id).toBeGreaterThan(0);
    expect(body.facebookUrl).toBe(INITIAL_SETTINGS.facebookUrl);
    expect(body.contactEmail).toBe(INITIAL_SETTINGS.contactEmail);
    expect(body.customScripts).toEqual({ headerScripts: '', footerScripts: '' });
    expect(body.primaryColor).toBe('#1e3a8a');
    expect(new Date(body.createdAt).toString()).not.toBe('Invalid Date');
    // Raw column names never leak into the API.
    expect(Object.keys(res.json())).not.toContain('header_scripts');
  });

  it('serves the newest row when settings change', async () => {
    await t.database.db.insert(websiteSettings).values({ ...INITIAL_SETTINGS, appName: 'Ustaz Test', version: 2 });
    const body = websiteSettingsSchema.parse((await t.app.inject({ url: '/api/settings/website' })).json());
    expect(body.appName).toBe('Ustaz Test');
    expect(body.version).toBe(2);
  });
});
