import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type NewWebsiteSettingsRow, type WebsiteSettingsRow, websiteSettings } from '../../db/schema.ts';

export async function findCurrentSettings(db: Db): Promise<WebsiteSettingsRow | undefined> {
  const rows = await db.select().from(websiteSettings).orderBy(desc(websiteSettings.id)).limit(1);
  return rows[0];
}

export async function insertSettings(db: Db, row: NewWebsiteSettingsRow): Promise<WebsiteSettingsRow> {
  const rows = await db.insert(websiteSettings).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('insert into website_settings returned no row');
  return inserted;
}
