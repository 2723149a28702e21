import { PHOTO_MAX_BYTES, uploadedFileSchema } from '@ustaz/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/authenticate.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import type { FilesService } from './files.service.ts';

type Options = {
  service: FilesService;
  requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

export function filesRoutes({ service, requireAuth }: Options): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/v1/files/upload', {
      preHandler: requireAuth,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['files'],
        security: [{ bearer: [] }],
        summary: 'Upload an image (multipart, field "file"): JPEG, PNG, GIF or WebP, at most 5 MB',
        consumes: ['multipart/form-data'],
        response: { 201: uploadedFileSchema },
      },
      handler: async (request, reply) => {
        if (!request.isMultipart()) throw new HttpError(415, 'badRequest', 'Expected multipart/form-data');
        const part = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5 } });
        if (part?.fieldname !== 'file') throw new FieldValidationError({ file: 'required' });
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new HttpError(413, 'payloadTooLarge', 'The file is larger than 5 MB');
          }
          throw error;
        }
        reply.status(201);
        return service.saveImage(authOf(request).userId, data);
      },
    });

    app.get('/api/v1/files/:id', {
      schema: { tags: ['files'], params: z.object({ id: z.uuid() }) },
      handler: async (request, reply) => {
        const { file, stream } = await service.open(request.params.id);
        return reply
          .header('content-type', file.mimeType)
          .header('content-length', String(file.size))
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `inline; filename="${file.storageKey}"`)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('cross-origin-resource-policy', 'same-origin')
          .send(stream);
      },
    });
  };
}
