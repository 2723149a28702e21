import { z } from 'zod';

// The fields the money schemas share (not exported by the package).

export const languageSchema = z.enum(['ar', 'en']);
/** `?lang` picks the language of bilingual content (else Accept-Language). */
export const langQuery = z.enum(['ar', 'en']).optional();
