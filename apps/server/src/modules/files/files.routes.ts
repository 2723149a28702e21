import { uploadedFileSchema, uploadQuerySchema } from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import type { ModuleRoutesOptions } from '../../http/module-routes.ts';
import { fileIdParamsSchema } from '../../http/params.ts';
import type { FilesService } from './files.service.ts';
import { readUploadedFile } from './multipart-upload.ts';

type Options = ModuleRoutesOptions<FilesService>;

export function filesRoutes({ service, requireAuth }: Options): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/v1/files/upload', {
      preHandler: requireAuth,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['files'],
        security: [{ bearer: [] }],
        summary:
          'Upload an image (multipart, field "file"): JPEG, PNG, GIF or WebP, at most 5 MB; re-encoded without ' +
          'EXIF/GPS. `purpose=chat` makes it private (its owner, then the conversation it is sent in); ' +
          '`purpose=certificate` takes a PDF too and is seen by its owner and admins only. ' +
          '429 uploadQuotaExceeded past the daily quota',
        consumes: ['multipart/form-data'],
        querystring: uploadQuerySchema,
        response: { 201: uploadedFileSchema },
      },
      handler: async (request, reply) => {
        const data = await readUploadedFile(request);
        reply.status(201);
        return service.saveImage(authOf(request).userId, data, request.query.purpose);
      },
    });

    app.get('/api/v1/files/:id', {
      schema: {
        tags: ['files'],
        summary:
          'An upload: public ones to anyone; chat ones to their conversation, certificates to their owner and admins (401, then 404)',
        params: fileIdParamsSchema,
      },
      handler: async (request, reply) => {
        const file = await service.find(request.params.id);
        if (file.purpose !== 'public') {
          // Private: a guest is asked to sign in; anyone else learns nothing (as if it did not exist).
          await requireAuth(request, reply);
          if (!(await service.mayView(file, authOf(request)))) {
            throw new HttpError(404, 'notFound', 'File not found');
          }
        }
        return (
          reply
            .header('content-type', file.mimeType)
            .header('content-length', String(file.size))
            .header('x-content-type-options', 'nosniff')
            // A PDF is downloaded, never rendered on our origin.
            .header(
              'content-disposition',
              `${file.mimeType === 'application/pdf' ? 'attachment' : 'inline'}; filename="${file.storageKey}"`,
            )
            .header(
              'cache-control',
              file.purpose === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store',
            )
            .header('cross-origin-resource-policy', 'same-origin')
            .send(service.stream(file))
        );
      },
    });
  };
}
