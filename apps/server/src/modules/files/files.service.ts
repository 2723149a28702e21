import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { filePath } from '../auth/user.presenter.ts';
import { findFile, insertFile } from './files.repo.ts';
import { inspectImage, isImageTooLarge } from './image-check.ts';

export function createFilesService(db: Db, uploadsDir: string) {
  return {
    /** Stores an image upload under a random name; the name the client sent is never used on disk. */
    async saveImage(ownerId: number, data: Buffer) {
      if (data.length === 0) throw new FieldValidationError({ file: 'required' });
      const image = inspectImage(data);
      if (!image) throw new FieldValidationError({ file: 'invalidType' });
      if (isImageTooLarge(image)) throw new FieldValidationError({ file: 'tooLarge' });
      const id = randomUUID();
      const storageKey = `${id}.${image.ext}`;
      await mkdir(uploadsDir, { recursive: true });
      await writeFile(path.join(uploadsDir, storageKey), data, { flag: 'wx' });
      await insertFile(db, { id, ownerId, storageKey, mimeType: image.mime, size: data.length });
      return { file: { id, path: filePath(id) } };
    },

    async open(id: string) {
      const file = await findFile(db, id);
      if (!file) throw new HttpError(404, 'notFound', 'File not found');
      return { file, stream: createReadStream(path.join(uploadsDir, path.basename(file.storageKey))) };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
