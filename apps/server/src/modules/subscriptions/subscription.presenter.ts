import type { SubscriptionPackage, UserSubscription } from '@ustaz/contract';
import { filsToKwd } from '@ustaz/contract';
import type { SubscriptionPackageRow, UserSubscriptionRow } from '../../db/schema.ts';

/** Minutes as hours, to the hundredth. */
export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** A package for sale: name, description and features in the request language, the Arabic ones always. */
export function toPackage(row: SubscriptionPackageRow, language: 'ar' | 'en'): SubscriptionPackage {
  return {
    id: row.id,
    name: language === 'en' ? row.nameEn : row.nameAr,
    nameAr: row.nameAr,
    hours: row.hours,
    price: filsToKwd(row.priceFils),
    currency: 'KWD',
    description: language === 'en' ? row.descriptionEn : row.descriptionAr,
    descriptionAr: row.descriptionAr,
    type: row.type,
    validityDays: row.validityDays,
    features: language === 'en' ? row.featuresEn : row.featuresAr,
    featuresAr: row.featuresAr,
    discountPercentage: row.discountPercentage,
    isActive: row.isActive,
  };
}

/** A bought subscription: hours left (none once past its end) and the package it came from. */
export function toUserSubscription(
  row: UserSubscriptionRow,
  pkg: SubscriptionPackageRow,
  language: 'ar' | 'en',
  now: Date,
): UserSubscription {
  // Past its end it is expired, whether or not the sweeper has marked it yet; its hours are gone either way.
  const expired =
    row.status === 'expired' || (row.status === 'active' && row.expiresAt !== null && row.expiresAt <= now);
  return {
    id: row.id,
    package: { id: pkg.id, name: language === 'en' ? pkg.nameEn : pkg.nameAr, nameAr: pkg.nameAr, hours: pkg.hours },
    status: expired ? 'expired' : row.status,
    totalHours: hoursOf(row.totalMinutes),
    remainingHours: expired ? 0 : hoursOf(row.remainingMinutes),
    price: filsToKwd(row.priceFils),
    paidWith: row.paidWith,
    purchasedAt: row.createdAt.toISOString(),
    startsAt: row.startsAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}
