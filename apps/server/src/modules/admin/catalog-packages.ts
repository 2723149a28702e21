import type { AdminPackage, adminPackageBodySchema, adminPackagePatchSchema } from '@ustaz/contract';
import { filsToKwd, kwdToFils } from '@ustaz/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import {
  allPackagesWithSales,
  insertPackages,
  type PackageWithSales,
  updatePackage,
} from '../subscriptions/subscriptions.service.ts';
import { editablePackage, toAdminPackage } from './admin-catalog.presenter.ts';
import type { AdminCatalogContext } from './admin-catalog-context.ts';
import { insertAudit } from './audit.repo.ts';
import { changedFields, hasChanges, storable } from './catalog-changes.ts';

/** The admin's subscription packages. */

export type PackageBody = z.output<typeof adminPackageBodySchema>;
export type PackagePatch = z.output<typeof adminPackagePatchSchema>;

const packageNotFound = () => new HttpError(404, 'notFound', 'Package not found');

async function packageRow(executor: Executor, id: number): Promise<PackageWithSales> {
  const [row] = await allPackagesWithSales(executor, id);
  if (!row) throw packageNotFound();
  return row;
}

export async function listPackages({ db }: AdminCatalogContext): Promise<{ data: AdminPackage[] }> {
  return { data: (await allPackagesWithSales(db)).map(toAdminPackage) };
}

export async function createPackage(
  { db }: AdminCatalogContext,
  actorId: number,
  body: PackageBody,
): Promise<AdminPackage> {
  const { price, ...fields } = storable(body);
  return db.transaction(async (tx) => {
    const [row] = await insertPackages(tx, [{ ...fields, priceFils: kwdToFils(price) }]);
    if (!row) throw new Error('package not created');
    const created = await packageRow(tx, row.id);
    await insertAudit(tx, {
      actorUserId: actorId,
      action: 'package.create',
      entityType: 'package',
      entityId: row.id,
      after: editablePackage(created),
    });
    return toAdminPackage(created);
  });
}

export async function patchPackage(
  { db }: AdminCatalogContext,
  actorId: number,
  id: number,
  patch: PackagePatch,
): Promise<AdminPackage> {
  const { price, ...fields } = storable(patch);
  return db.transaction(async (tx) => {
    const before = await packageRow(tx, id);
    const changes = changedFields(editablePackage(before), {
      ...fields,
      price: price === undefined ? undefined : filsToKwd(kwdToFils(price)),
    });
    if (!hasChanges(changes)) return toAdminPackage(before);
    await updatePackage(tx, id, { ...fields, ...(price === undefined ? {} : { priceFils: kwdToFils(price) }) });
    await insertAudit(tx, {
      actorUserId: actorId,
      action: 'package.update',
      entityType: 'package',
      entityId: id,
      ...changes,
    });
    return toAdminPackage(await packageRow(tx, id));
  });
}
