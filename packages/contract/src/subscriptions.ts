import { z } from 'zod';
import { PACKAGE_TYPES, SUBSCRIPTION_PAGE_SIZE } from './constants.ts';
import { kwdAmountSchema, listResponseSchema } from './discovery.ts';
import { pagingQuery } from './list.ts';
import { CLIENT_PAYMENT_STATUSES, PAID_WITH, paymentMethodSchema } from './money.ts';
import { langQuery, languageSchema } from './money-fields.ts';

/** Hour packages, a buyer's subscriptions, their purchase and their use. */

export const subscriptionPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameAr: z.string(),
  hours: z.number(),
  price: kwdAmountSchema,
  currency: z.literal('KWD'),
  description: z.string(),
  descriptionAr: z.string(),
  /** "custom" is the one-off package a booking builds; the list shows "standard" ones. */
  type: z.enum(PACKAGE_TYPES),
  validityDays: z.number().int(),
  features: z.array(z.string()),
  featuresAr: z.array(z.string()),
  discountPercentage: z.number(),
  isActive: z.boolean(),
});
export type SubscriptionPackage = z.infer<typeof subscriptionPackageSchema>;

export const pageQuerySchema = z.object({
  ...pagingQuery(50, SUBSCRIPTION_PAGE_SIZE),
  lang: langQuery,
});
export const subscriptionPackagesResponseSchema = listResponseSchema(subscriptionPackageSchema);
export type SubscriptionPackagesResponse = z.infer<typeof subscriptionPackagesResponseSchema>;

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'expired', 'cancelled'] as const;
export const userSubscriptionSchema = z.object({
  id: z.number().int(),
  package: subscriptionPackageSchema.pick({ id: true, name: true, nameAr: true, hours: true }),
  status: z.enum(SUBSCRIPTION_STATUSES),
  totalHours: z.number(),
  remainingHours: z.number(),
  price: kwdAmountSchema,
  paidWith: z.enum(PAID_WITH),
  purchasedAt: z.string(),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type UserSubscription = z.infer<typeof userSubscriptionSchema>;
export const mySubscriptionsResponseSchema = listResponseSchema(userSubscriptionSchema);
export type MySubscriptionsResponse = z.infer<typeof mySubscriptionsResponseSchema>;

export const activeSubscriptionResponseSchema = z.object({
  /** Hours left across every active subscription (0 when none). */
  remainingHours: z.number(),
  /** The active subscription that expires first (the one spent first), or null. */
  subscription: userSubscriptionSchema.nullable(),
});
export type ActiveSubscriptionResponse = z.infer<typeof activeSubscriptionResponseSchema>;

export const subscriptionPurchaseBodySchema = z.strictObject({
  packageId: z.number().int().positive().max(2_147_483_647),
  paymentMethod: paymentMethodSchema,
  language: languageSchema.optional(),
});
export type SubscriptionPurchaseBody = z.input<typeof subscriptionPurchaseBodySchema>;

export const subscriptionPurchaseResponseSchema = z.object({
  paymentStatus: z.enum(CLIENT_PAYMENT_STATUSES),
  paymentLink: z.string().optional(),
  paymentId: z.string().optional(),
  subscription: userSubscriptionSchema,
  balance: kwdAmountSchema,
});
export type SubscriptionPurchaseResponse = z.infer<typeof subscriptionPurchaseResponseSchema>;

export const subscriptionUsageSchema = z.object({
  id: z.number().int(),
  subscriptionId: z.number().int(),
  reservationId: z.number().int(),
  hours: z.number(),
  refunded: z.boolean(),
  startTime: z.string(),
  teacherName: z.string(),
  createdAt: z.string(),
});
export const mySubscriptionUsageResponseSchema = listResponseSchema(subscriptionUsageSchema).extend({
  totalHours: z.number(),
  usedHours: z.number(),
  remainingHours: z.number(),
});
export type MySubscriptionUsageResponse = z.infer<typeof mySubscriptionUsageResponseSchema>;
