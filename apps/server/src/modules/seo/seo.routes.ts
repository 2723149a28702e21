import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SeoService } from './seo.service.ts';

/** /sitemap.xml and /robots.txt at the site's root, for search engines (issue 18). */
export function seoRoutes(service: SeoService): FastifyPluginAsyncZod {
  return async (app) => {
    const files = [
      {
        url: '/sitemap.xml',
        summary: 'The sitemap: listed teachers and taught subjects, both languages',
        type: 'application/xml; charset=utf-8',
        maxAge: 300,
        body: () => service.sitemap(),
      },
      {
        url: '/robots.txt',
        summary: 'Crawling rules and the sitemap address',
        type: 'text/plain; charset=utf-8',
        maxAge: 3600,
        body: async () => service.robots(),
      },
    ];
    for (const file of files)
      app.get(file.url, {
        schema: { tags: ['seo'], summary: file.summary },
        handler: async (_request, reply) =>
          reply
            .header('content-type', file.type)
            .header('cache-control', `public, max-age=${file.maxAge}`)
            .send(await file.body()),
      });
  };
}
