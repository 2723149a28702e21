import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SeoService } from './seo.service.ts';

/** /sitemap.xml and /robots.txt at the site's root, for search engines (issue 18). */
export function seoRoutes(service: SeoService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/sitemap.xml', {
      schema: { tags: ['seo'], summary: 'The sitemap: listed teachers and taught subjects, both languages' },
      handler: async (_request, reply) =>
        reply
          .header('content-type', 'application/xml; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .send(await service.sitemap()),
    });

    app.get('/robots.txt', {
      schema: { tags: ['seo'], summary: 'Crawling rules and the sitemap address' },
      handler: async (_request, reply) =>
        reply
          .header('content-type', 'text/plain; charset=utf-8')
          .header('cache-control', 'public, max-age=3600')
          .send(service.robots()),
    });
  };
}
