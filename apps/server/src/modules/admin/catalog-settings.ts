import type { AdminSettings, adminSettingsBodySchema } from '@ustaz/contract';
import type { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import { toAdminSettings } from '../settings/settings.presenter.ts';
import type { EditableSettings } from '../settings/settings.service.ts';
import type { AdminCatalogContext } from './admin-catalog-context.ts';
import { insertAudit } from './audit.repo.ts';
import { changedFields, hasChanges, storable } from './catalog-changes.ts';

/** The website settings as the admin edits them. */

export type SettingsBody = z.output<typeof adminSettingsBodySchema>;

export async function getSettings({ settings }: AdminCatalogContext): Promise<AdminSettings> {
  return toAdminSettings(await settings.currentRow());
}

/**
 * Replaces every editable field if `version` is still the stored one (409 `versionConflict`
 * otherwise); the version grows by one. Audited with the fields that changed; a body that
 * changes nothing writes nothing.
 */
export async function replaceSettings(
  { db, settings }: AdminCatalogContext,
  actorId: number,
  body: SettingsBody,
): Promise<AdminSettings> {
  const { version, ...rest } = body;
  const values: EditableSettings = storable(rest);
  const conflict = () => new HttpError(409, 'versionConflict', 'The settings were changed meanwhile');
  return db.transaction(async (tx) => {
    const current = await settings.currentRow(tx);
    if (current.version !== version) throw conflict();
    const changes = changedFields(toAdminSettings(current), values);
    if (!hasChanges(changes)) return toAdminSettings(current);
    const updated = await settings.replace(tx, current.id, version, values);
    if (!updated) throw conflict();
    await insertAudit(tx, {
      actorUserId: actorId,
      action: 'settings.update',
      entityType: 'settings',
      entityId: current.id,
      before: { version, ...changes.before },
      after: { version: updated.version, ...changes.after },
    });
    return toAdminSettings(updated);
  });
}
