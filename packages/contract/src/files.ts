import { z } from 'zod';

/**
 * Uploads (ARCHITECTURE "Files"): `public` images (profile photos) are served to anyone and
 * cached; `chat` images only to their owner and the other participant of the conversation they
 * were sent in, never cached by shared caches. `certificate` files (a teacher applicant's image or
 * PDF) only to their owner and admins.
 */
export const FILE_PURPOSES = ['public', 'chat', 'certificate'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** POST /api/v1/files/upload?purpose=chat|public (public when absent). */
export const uploadQuerySchema = z.strictObject({ purpose: z.enum(FILE_PURPOSES).default('public') });
export type UploadQuery = z.infer<typeof uploadQuerySchema>;
