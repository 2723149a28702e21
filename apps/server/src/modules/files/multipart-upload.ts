import { PHOTO_MAX_BYTES } from '@ustaz/contract';
import type { FastifyRequest } from 'fastify';
import { FieldValidationError, HttpError } from '../../http/errors.ts';

/** The multipart plugin's own refusals (too large, too many parts...): a status of their own. */
function ownStatus(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/**
 * Reading the body failed: the file over its limit is 413 `payloadTooLarge`; a refusal of the
 * multipart plugin keeps its 4xx; anything else (no boundary, a body cut off, garbage where the
 * parts should be, as busboy reports them) is the client's malformed body, 400 `badRequest`, never
 * a 500 (issue 29).
 */
function uploadReadError(error: unknown): HttpError {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, 'payloadTooLarge', 'The file is larger than 5 MB');
  const status = ownStatus(error);
  if (status === 413) return new HttpError(413, 'payloadTooLarge', 'Too many parts in the upload');
  if (status !== undefined && status !== 400) return new HttpError(status, 'badRequest', 'Bad multipart body');
  return new HttpError(400, 'badRequest', 'Malformed multipart body');
}

/** The bytes of the upload's one part `file` (422 `file: required` without it). */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, 'badRequest', 'Expected multipart/form-data');
  try {
    const part = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5 } });
    if (part?.fieldname !== 'file') throw new FieldValidationError({ file: 'required' });
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof FieldValidationError || error instanceof HttpError) throw error;
    throw uploadReadError(error);
  }
}
