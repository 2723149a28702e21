import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type NewWebsiteSettingsRow, type WebsiteSettingsRow, websiteSettings } from '../../db/schema.ts';

export async function findCurrentSettings(db: Executor): Promise<WebsiteSettingsRow | undefined> {
  const rows = await db.select().from(websiteSettings).orderBy(desc(websiteSettings.id)).limit(1);
  return rows[0];
}

export async function insertSettings(db: Executor, row: NewWebsiteSettingsRow): Promise<WebsiteSettingsRow> {
  const rows = await db.insert(websiteSettings).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('insert into website_settings returned no row');
  return inserted;
}

/** The fields an admin edits (everything but the id, the dates and the version). */
export type EditableSettings = Omit<NewWebsiteSettingsRow, 'id' | 'createdAt' | 'updatedAt' | 'version'>;

/**
 * Compare-and-swap: writes the row only while its version is still `version`, bumping it by one.
 * Answers the new row, or undefined when another change came first.
 */
export async function swapSettings(
  db: Executor,
  id: number,
  version: number,
  values: EditableSettings,
): Promise<WebsiteSettingsRow | undefined> {
  const [row] = await db
    .update(websiteSettings)
    .set({ ...values, version: sql`${websiteSettings.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(websiteSettings.id, id), eq(websiteSettings.version, version)))
    .returning();
  return row;
}
