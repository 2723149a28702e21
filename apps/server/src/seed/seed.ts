import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { findUserByEmail, insertUser } from '../modules/auth/auth.repo.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { seedDiscovery } from './seed-discovery.ts';
import { EARNINGS_DEMO_PAYERS, EARNINGS_DEMO_TEACHER, seedEarnings } from './seed-earnings.ts';
import { paySeededLessons } from './seed-lesson-payments.ts';
import { seedMoney } from './seed-money.ts';
import { HISTORY_STUDENT, HISTORY_TEACHER, seedStudentHistory } from './seed-student-history.ts';
import { seedTrials } from './seed-trials.ts';

/** The password of every demo account (printed at start; demo data only). */
export const DEMO_PASSWORD = 'Ustaz2026!';

export const DEMO_ACCOUNTS = [
  { email: 'admin@ustaz.example', firstName: 'مدير', lastName: 'المنصة', roleId: 1 },
  { email: 'teacher@ustaz.example', firstName: 'سارة', lastName: 'العنزي', roleId: 2 },
  { email: 'teacher2@ustaz.example', firstName: 'Ahmed', lastName: 'Al-Mutairi', roleId: 2 },
  { email: 'teacher3@ustaz.example', firstName: 'نورة', lastName: 'الرشيدي', roleId: 2 },
  { email: 'student@ustaz.example', firstName: 'فهد', lastName: 'الكندري', roleId: 3 },
  { email: 'student2@ustaz.example', firstName: 'Mariam', lastName: 'Hassan', roleId: 3 },
] as const;

/**
 * Demo data for `npm start` on a fresh machine. Idempotent: running it again adds nothing.
 * Each module adds its own demo data here (accounts, subjects, teachers, slots, packages).
 */
export async function seedDemoData(
  db: Db,
  log: FastifyBaseLogger,
  options: { uploadsDir: string; platformFeePercent: number },
): Promise<void> {
  // One argon2 hash for every demo account keeps the start fast.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(db, account.email)) continue;
    await insertUser(db, { ...account, passwordHash, provider: 'email', emailConfirmedAt: new Date() });
  }
  const discovery = await seedDiscovery(db, { uploadsDir: options.uploadsDir, passwordHash });
  log.info(
    `Demo data: ${discovery.subjects} subjects, ${discovery.teachers} teachers (teacher4..teacher30@ustaz.example), ` +
      `${discovery.openSlots} new open slots, ${discovery.reviews} new reviews, ${discovery.photos} new photos, ` +
      `${discovery.synonymsFilled} subjects given their synonyms, ${discovery.nameSpellings} names given their other spelling`,
  );
  const trials = await seedTrials(db);
  log.info(`Demo trials: ${trials.teachers} teachers offer a 30-minute trial, ${trials.slots} new open trial slots`);
  // The demo students' wallets, and those of the seeded students who paid the demo teacher's lessons.
  const money = await seedMoney(db, [
    ...DEMO_ACCOUNTS.filter((a) => a.roleId === 3).map((a) => a.email),
    ...EARNINGS_DEMO_PAYERS,
  ]);
  log.info(`Demo money: ${money.packages} new packages, ${money.wallets} demo wallets topped up with 50 KWD`);
  const earnings = await seedEarnings(db, { platformFeePercent: options.platformFeePercent });
  log.info(`Demo earnings: ${earnings.lessons} new paid and taught lessons of ${EARNINGS_DEMO_TEACHER}`);
  // After the demo earnings (they look for a paid lesson of the demo teacher to run once).
  const paid = await paySeededLessons(db, { platformFeePercent: options.platformFeePercent });
  log.info(`Demo lessons: ${paid.lessons} past lessons paid from the students' wallets and attended by both`);
  const history = await seedStudentHistory(db, { platformFeePercent: options.platformFeePercent });
  log.info(
    `Demo history: ${history.lessons} new lessons of ${HISTORY_STUDENT} with ${HISTORY_TEACHER} paid with an hour and money (taught, a teacher no-show, cancelled)`,
  );
  const lines = DEMO_ACCOUNTS.map((a) => `  ${['', 'admin  ', 'teacher', 'student'][a.roleId]}  ${a.email}`);
  log.info(`Demo accounts (password ${DEMO_PASSWORD}):\n${lines.join('\n')}`);
}
