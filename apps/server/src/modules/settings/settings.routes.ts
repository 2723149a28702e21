import { websiteSettingsSchema } from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SettingsService } from './settings.service.ts';

export function settingsRoutes(service: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/settings/website', {
      schema: {
        tags: ['settings'],
        summary: 'Public website settings: branding, contact data, social links and marketing ids',
        response: { 200: websiteSettingsSchema },
      },
      handler: async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=60');
        return service.getWebsiteSettings();
      },
    });
  };
}
