import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { subscriptionPackages } from '../db/schema.ts';
import { findUserByEmail } from '../modules/auth/auth.repo.ts';
import { postTransfer, systemAccountId, userAccountId } from '../modules/ledger/ledger.repo.ts';
import { insertPackages } from '../modules/subscriptions/subscriptions.repo.ts';

/** Demo wallet money of the demo students (a seeded top-up, posted once per student). */
const DEMO_WALLET_FILS = 50_000;

const PACKAGES: (typeof subscriptionPackages.$inferInsert)[] = [
  {
    nameAr: 'باقة البداية',
    nameEn: 'Starter',
    descriptionAr: 'خمس ساعات لتجربة المنصة مع أي معلم.',
    descriptionEn: 'Five hours to try the platform with any teacher.',
    hours: 5,
    priceFils: 45_000,
    validityDays: 30,
    featuresAr: ['٥ ساعات مع أي معلم', 'صالحة ٣٠ يوماً', 'إلغاء مجاني قبل ٢٤ ساعة'],
    featuresEn: ['5 hours with any teacher', 'Valid for 30 days', 'Free cancellation up to 24 h before'],
    discountPercentage: 0,
    sortOrder: 1,
  },
  {
    nameAr: 'الباقة الشهرية',
    nameEn: 'Monthly',
    descriptionAr: 'عشر ساعات شهرياً لمتابعة منتظمة.',
    descriptionEn: 'Ten hours a month for steady progress.',
    hours: 10,
    priceFils: 85_000,
    validityDays: 60,
    featuresAr: ['١٠ ساعات مع أي معلم', 'صالحة ٦٠ يوماً', 'خصم ٥٪'],
    featuresEn: ['10 hours with any teacher', 'Valid for 60 days', '5% off'],
    discountPercentage: 5,
    sortOrder: 2,
  },
  {
    nameAr: 'الباقة المكثفة',
    nameEn: 'Intensive',
    descriptionAr: 'عشرون ساعة للتحضير للاختبارات.',
    descriptionEn: 'Twenty hours to prepare for exams.',
    hours: 20,
    priceFils: 160_000,
    validityDays: 90,
    featuresAr: ['٢٠ ساعة مع أي معلم', 'صالحة ٩٠ يوماً', 'خصم ١٠٪'],
    featuresEn: ['20 hours with any teacher', 'Valid for 90 days', '10% off'],
    discountPercentage: 10,
    sortOrder: 3,
  },
];

/** Packages (once) and a demo wallet for the demo students. Idempotent. */
export async function seedMoney(
  db: Db,
  studentEmails: readonly string[],
): Promise<{ packages: number; wallets: number }> {
  const [row] = await db.select({ n: count() }).from(subscriptionPackages);
  const packages = (row?.n ?? 0) === 0 ? (await insertPackages(db, PACKAGES)).length : 0;
  let wallets = 0;
  for (const email of studentEmails) {
    const user = await findUserByEmail(db, email);
    if (!user) continue;
    const posted = await db.transaction(async (tx) =>
      postTransfer(tx, {
        key: `seed:wallet:${user.id}`,
        kind: 'top_up',
        memo: 'demo wallet',
        legs: [
          { accountId: await systemAccountId(tx, 'gateway'), amountFils: -DEMO_WALLET_FILS },
          { accountId: await userAccountId(tx, 'wallet', user.id), amountFils: DEMO_WALLET_FILS },
        ],
      }),
    );
    if (!posted.duplicate) wallets += 1;
  }
  return { packages, wallets };
}
