import type { Language, Subject } from '@ustaz/contract';
import type { SubjectRow } from '../../db/schema.ts';
import { localized } from '../../http/language.ts';

/** The one place a subject row becomes an API body, in the request language. */
export function toSubject(row: SubjectRow, language: Language): Subject {
  return {
    id: row.id,
    name: localized(language, row.nameAr, row.nameEn),
    description: localized(language, row.descriptionAr, row.descriptionEn),
    icon: row.icon,
    isActive: row.isActive,
  };
}
