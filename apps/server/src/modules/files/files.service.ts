import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type FilePurpose, UPLOAD_QUOTA } from '@ustaz/contract';
import type { Db } from '../../db/client.ts';
import type { FileRow } from '../../db/schema.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { filePath } from '../auth/user.presenter.ts';
import { conversationParticipants, findFile, insertFile, lockOwnerUploads, uploadsSince } from './files.repo.ts';
import { inspectImage, isImageTooLarge } from './image-check.ts';
import { ImageRefused, reencodeImage } from './image-encode.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function quotaExceeded(oldest: Date | null, now: number): HttpError {
  // Room comes back when the oldest upload of the last 24 hours leaves the window.
  const wait = oldest ? Math.max(1, Math.ceil((oldest.getTime() + DAY_MS - now) / 1000)) : 60;
  return new HttpError(
    429,
    'uploadQuotaExceeded',
    `You can upload at most ${UPLOAD_QUOTA.filesPerDay} images (${UPLOAD_QUOTA.bytesPerDay / (1024 * 1024)} MB) in 24 hours`,
    wait,
  );
}

function overQuota(usage: { count: number; bytes: number }, adding: number): boolean {
  return usage.count + 1 > UPLOAD_QUOTA.filesPerDay || usage.bytes + adding > UPLOAD_QUOTA.bytesPerDay;
}

export function createFilesService(db: Db, uploadsDir: string) {
  return {
    /**
     * Stores an image upload under a random name (the name the client sent is never used on
     * disk): recognised by its bytes, refused when it declares too many pixels, then re-encoded
     * (no EXIF or GPS survives) and counted against the owner's daily quota.
     */
    async saveImage(ownerId: number, data: Buffer, purpose: FilePurpose = 'public') {
      if (data.length === 0) throw new FieldValidationError({ file: 'required' });
      const image = inspectImage(data);
      if (!image) throw new FieldValidationError({ file: 'invalidType' });
      if (isImageTooLarge(image)) throw new FieldValidationError({ file: 'tooLarge' });
      // Before any decoding: a user over the quota costs no image work.
      const since = () => new Date(Date.now() - DAY_MS);
      const before = await uploadsSince(db, ownerId, since());
      if (overQuota(before, 0)) throw quotaExceeded(before.oldest, Date.now());
      let encoded: Awaited<ReturnType<typeof reencodeImage>>;
      try {
        encoded = await reencodeImage(data, image);
      } catch (error) {
        if (error instanceof ImageRefused) throw new FieldValidationError({ file: error.reason });
        throw error;
      }
      const id = randomUUID();
      const storageKey = `${id}.${encoded.info.ext}`;
      const target = path.join(uploadsDir, storageKey);
      await mkdir(uploadsDir, { recursive: true });
      try {
        // One owner's uploads are counted and stored one at a time: the quota holds under concurrency.
        await db.transaction(async (tx) => {
          await lockOwnerUploads(tx, ownerId);
          const usage = await uploadsSince(tx, ownerId, since());
          if (overQuota(usage, encoded.data.length)) throw quotaExceeded(usage.oldest, Date.now());
          await insertFile(tx, {
            id,
            ownerId,
            storageKey,
            mimeType: encoded.info.mime,
            size: encoded.data.length,
            purpose,
          });
          await writeFile(target, encoded.data, { flag: 'wx' });
        });
      } catch (error) {
        await unlink(target).catch(() => {});
        throw error;
      }
      return { file: { id, path: filePath(id) } };
    },

    async find(id: string): Promise<FileRow> {
      const file = await findFile(db, id);
      if (!file) throw new HttpError(404, 'notFound', 'File not found');
      return file;
    },

    /** Whether a signed-in user may see a chat file: its owner, or the other side of its conversation. */
    async mayView(file: FileRow, userId: number): Promise<boolean> {
      if (file.purpose === 'public' || file.ownerId === userId) return true;
      if (file.conversationId === null) return false;
      const participants = await conversationParticipants(db, file.conversationId);
      return participants !== undefined && (participants.studentId === userId || participants.teacherId === userId);
    },

    stream(file: FileRow) {
      return createReadStream(path.join(uploadsDir, path.basename(file.storageKey)));
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
