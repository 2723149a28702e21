import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type FilePurpose, ROLE, UPLOAD_QUOTA } from '@ustaz/contract';
import type { Db } from '../../db/client.ts';
import type { FileRow } from '../../db/schema.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { filePath } from '../auth/user.presenter.ts';
import { conversationParticipants, findFile, insertFile, lockOwnerUploads, uploadsSince } from './files.repo.ts';
import { inspectImage, isImageTooLarge, isPdf } from './image-check.ts';
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

type Stored = { data: Buffer; info: { mime: string; ext: string } };

export function createFilesService(db: Db, uploadsDir: string) {
  /** Writes checked bytes under a random name, counted against the owner's daily quota. */
  async function store(ownerId: number, { data, info }: Stored, purpose: FilePurpose) {
    const id = randomUUID();
    const storageKey = `${id}.${info.ext}`;
    const target = path.join(uploadsDir, storageKey);
    await mkdir(uploadsDir, { recursive: true });
    try {
      // One owner's uploads are counted and stored one at a time: the quota holds under concurrency.
      await db.transaction(async (tx) => {
        await lockOwnerUploads(tx, ownerId);
        const usage = await uploadsSince(tx, ownerId, new Date(Date.now() - DAY_MS));
        if (overQuota(usage, data.length)) throw quotaExceeded(usage.oldest, Date.now());
        await insertFile(tx, { id, ownerId, storageKey, mimeType: info.mime, size: data.length, purpose });
        await writeFile(target, data, { flag: 'wx' });
      });
    } catch (error) {
      await unlink(target).catch(() => {});
      throw error;
    }
    return { file: { id, path: filePath(id) } };
  }

  return {
    /**
     * Stores an image upload under a random name (the name the client sent is never used on
     * disk): recognised by its bytes, refused when it declares too many pixels, then re-encoded
     * (no EXIF or GPS survives) and counted against the owner's daily quota. A `certificate` may
     * also be a PDF, recognised by its bytes too and stored as it is (never shown inline).
     */
    async saveImage(ownerId: number, data: Buffer, purpose: FilePurpose = 'public') {
      if (data.length === 0) throw new FieldValidationError({ file: 'required' });
      if (purpose === 'certificate' && isPdf(data)) {
        return store(ownerId, { data, info: { mime: 'application/pdf', ext: 'pdf' } }, purpose);
      }
      const image = inspectImage(data);
      if (!image) throw new FieldValidationError({ file: 'invalidType' });
      if (isImageTooLarge(image)) throw new FieldValidationError({ file: 'tooLarge' });
      // Before any decoding: a user over the quota costs no image work.
      const before = await uploadsSince(db, ownerId, new Date(Date.now() - DAY_MS));
      if (overQuota(before, 0)) throw quotaExceeded(before.oldest, Date.now());
      let encoded: Awaited<ReturnType<typeof reencodeImage>>;
      try {
        encoded = await reencodeImage(data, image);
      } catch (error) {
        if (error instanceof ImageRefused) throw new FieldValidationError({ file: error.reason });
        throw error;
      }
      return store(ownerId, encoded, purpose);
    },

    async find(id: string): Promise<FileRow> {
      const file = await findFile(db, id);
      if (!file) throw new HttpError(404, 'notFound', 'File not found');
      return file;
    },

    /**
     * Whether a signed-in user may see a file: its owner; for a chat file the other side of its
     * conversation; for a certificate an admin.
     */
    async mayView(file: FileRow, viewer: { userId: number; roleId: number }): Promise<boolean> {
      if (file.purpose === 'public' || file.ownerId === viewer.userId) return true;
      if (file.purpose === 'certificate') return viewer.roleId === ROLE.admin;
      if (file.conversationId === null) return false;
      const participants = await conversationParticipants(db, file.conversationId);
      return (
        participants !== undefined &&
        (participants.studentId === viewer.userId || participants.teacherId === viewer.userId)
      );
    },

    stream(file: FileRow) {
      return createReadStream(path.join(uploadsDir, path.basename(file.storageKey)));
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;

/** For the other modules (ADR 011): an upload by id, to check whose it is and what it is for. */
export { findFile } from './files.repo.ts';
