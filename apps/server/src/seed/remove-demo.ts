import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db, Executor } from '../db/client.ts';
import { anonymiseUser } from '../modules/auth/auth.repo.ts';
import { createSubjectsService } from '../modules/subjects/subjects.service.ts';
import { createTeachersService } from '../modules/teachers/teachers.service.ts';
import { demoRemovalBlockers, markDemoData, run } from './demo-sets.ts';

/**
 * `npm run db:remove-demo` (ADR 023): the demo accounts (src/seed/demo-accounts.ts) and their data
 * go, in one transaction, without touching a real user's rows. A demo account a real user's rows
 * point to (a past lesson, a chat, an admin record, real money) stays as a deleted, anonymised
 * account, as when a user deletes their own account; its other data goes. Ledger transfers go
 * whole, through migration 0029's one sanctioned path, and the system accounts' balances follow
 * (each still the replay of its entries).
 */

export type DemoRemovalReport = {
  dryRun: boolean;
  /** Rows removed per table (tables with none left out). */
  removed: Record<string, number>;
  /** The demo accounts kept as deleted accounts, by their demo address. */
  kept: string[];
  ledger: { transfers: number; entries: number; systemMoves: Record<string, number> };
  /** Uploaded files of the demo accounts removed from UPLOADS_DIR (after the commit). */
  filesOnDisk: number;
};

/** The removal would touch a real user's rows or money: nothing changed; one line per reason. */
export class DemoRemovalRefused extends Error {
  constructor(readonly blockers: string[]) {
    super(`the demo data cannot be removed:\n  ${blockers.join('\n  ')}`);
  }
}

/** Thrown inside the transaction of a dry run, to roll it back with the report. */
class DryRunDone extends Error {
  constructor(readonly report: DemoRemovalReport) {
    super('dry run');
  }
}

const count = async (tx: Executor, statement: string) =>
  (await run<{ n: number }>(tx, `with gone as (${statement} returning 1) select count(*)::int as n from gone`))[0]?.n ??
  0;

const IN_DEMO_RESERVATIONS = 'reservation_id in (select id from demo_reservations)';
const OF_DEMO_USERS = 'user_id in (select id from demo_users)';

/** The deletions after the ledger's, in foreign-key order: [table, statement]. */
const DELETIONS: [string, string][] = [
  [
    'subscription_usages',
    `delete from subscription_usages where ${IN_DEMO_RESERVATIONS} or subscription_id in (select id from demo_subscriptions)`,
  ],
  ['reviews', `delete from reviews where ${IN_DEMO_RESERVATIONS}`],
  ['lesson_disputes', `delete from lesson_disputes where ${IN_DEMO_RESERVATIONS}`],
  ['lesson_attendance', `delete from lesson_attendance where ${IN_DEMO_RESERVATIONS}`],
  ['lesson_reminders', `delete from lesson_reminders where ${IN_DEMO_RESERVATIONS}`],
  ['reservations', 'delete from reservations where id in (select id from demo_reservations)'],
  [
    'time_slots',
    `delete from time_slots where teacher_id in (select id from demo_profiles)
       and id not in (select time_slot_id from reservations where teacher_id in (select id from demo_profiles))`,
  ],
  [
    'favourites',
    'delete from favourites where student_id in (select id from demo_users) or teacher_id in (select id from demo_profiles)',
  ],
  [
    'teacher_profiles',
    'delete from teacher_profiles where user_id in (select id from demo_gone) and id not in (select teacher_id from reservations)',
  ],
  ['user_subscriptions', 'delete from user_subscriptions where id in (select id from demo_subscriptions)'],
  ['sandbox_charges', 'delete from sandbox_charges where order_id in (select id from demo_payments)'],
  ['payments', 'delete from payments where id in (select id from demo_payments)'],
  ['payouts', 'delete from payouts where id in (select id from demo_payouts)'],
  [
    'messages',
    `delete from messages where conversation_id in (select id from conversations
       where student_id in (select id from demo_users) and teacher_id in (select id from demo_users))`,
  ],
  [
    'conversations',
    'delete from conversations where student_id in (select id from demo_users) and teacher_id in (select id from demo_users)',
  ],
  ['notifications', `delete from notifications where ${OF_DEMO_USERS}`],
  ['push_subscriptions', `delete from push_subscriptions where ${OF_DEMO_USERS}`],
  ['push_preferences', `delete from push_preferences where ${OF_DEMO_USERS}`],
  ['calendar_feeds', `delete from calendar_feeds where ${OF_DEMO_USERS}`],
  ['sessions', `delete from sessions where ${OF_DEMO_USERS}`],
  ['auth_tokens', `delete from auth_tokens where ${OF_DEMO_USERS}`],
  ['idempotency_keys', `delete from idempotency_keys where ${OF_DEMO_USERS}`],
  ['teacher_applications', `delete from teacher_applications where ${OF_DEMO_USERS}`],
  ['teacher_bank_accounts', `delete from teacher_bank_accounts where ${OF_DEMO_USERS}`],
  ['mail_outbox', 'delete from mail_outbox where lower("to") in (select email from demo_users)'],
  ['login_failures', 'delete from login_failures where lower(email) in (select email from demo_users)'],
];

/**
 * The ledger's figures a removal must leave as they were (each 0 in a consistent database):
 * `prepaid` minus the subscriptions' unspent value, the payout accounts minus their payouts, and
 * every account's balance minus the replay of its entries.
 */
async function ledgerGaps(tx: Executor): Promise<string> {
  const [row] = await run<Record<string, string>>(
    tx,
    `select
      (select coalesce(sum(balance_fils), 0) from ledger_accounts where kind = 'prepaid')
        - (select coalesce(sum(remaining_value_fils), 0) from user_subscriptions) as prepaid,
      (select coalesce(sum(balance_fils), 0) from ledger_accounts where kind = 'payouts_clearing')
        - (select coalesce(sum(amount_fils), 0) from payouts where status = 'requested') as clearing,
      (select coalesce(sum(balance_fils), 0) from ledger_accounts where kind = 'paid_out')
        - (select coalesce(sum(amount_fils), 0) from payouts where status = 'paid') as paid_out,
      (select count(*) from ledger_accounts a
        left join (select account_id, sum(amount_fils) as s from ledger_entries group by account_id) e on e.account_id = a.id
        where a.balance_fils <> coalesce(e.s, 0)) as drifting`,
  );
  return JSON.stringify(row);
}

/** The ledger part: whole transfers of what goes, the balances they moved, the accounts of removed users. */
async function removeLedgerRows(tx: Executor, removed: Record<string, number>) {
  await run(
    tx,
    `create temp table demo_moves on commit drop as
     select e.account_id, sum(e.amount_fils) as moved, count(*)::int as entries from ledger_entries e
     where e.transfer_id in (select id from demo_transfers) group by e.account_id`,
  );
  const moves = await run<{ kind: string; moved: string }>(
    tx,
    `select a.kind, sum(m.moved)::text as moved from demo_moves m join ledger_accounts a on a.id = m.account_id
     where a.user_id is null group by a.kind having sum(m.moved) <> 0 order by a.kind`,
  );
  await run(
    tx,
    `update ledger_accounts a set balance_fils = a.balance_fils - m.moved from demo_moves m where a.id = m.account_id`,
  );
  const entries = await count(tx, 'delete from ledger_entries where transfer_id in (select id from demo_transfers)');
  const transfers = await count(tx, 'delete from ledger_transfers where id in (select id from demo_transfers)');
  removed.ledger_accounts = await count(
    tx,
    'delete from ledger_accounts where id in (select id from demo_gone_accounts)',
  );
  return {
    transfers,
    entries,
    systemMoves: Object.fromEntries(moves.map((move) => [move.kind, -Number(move.moved)])),
  };
}

/** Everything in one transaction; DemoRemovalRefused (nothing changed) when a real user's rows would be touched. */
async function removeInTransaction(db: Db, tx: Executor, dryRun: boolean) {
  await run(tx, `select set_config('ustaz.ledger_removal', 'demo', true)`);
  // Nothing may tie a real user to a demo account while this runs (a booking, a chat, a payment).
  await run(
    tx,
    `lock table users, reservations, conversations, payments, payouts, user_subscriptions,
       ledger_accounts, ledger_transfers, ledger_entries in share row exclusive mode`,
  );
  await markDemoData(tx);
  const blockers = await demoRemovalBlockers(tx);
  if (blockers.length > 0) throw new DemoRemovalRefused(blockers);
  const gapsBefore = await ledgerGaps(tx);
  const removed: Record<string, number> = {};
  const ledger = await removeLedgerRows(tx, removed);
  for (const [table, statement] of DELETIONS) removed[table] = await count(tx, statement);
  await run(tx, `update search_not_found_logs set user_id = null where ${OF_DEMO_USERS}`);
  await run(tx, 'update users set photo_file_id = null where id in (select id from demo_users)');
  const files = await run<{ storage_key: string }>(
    tx,
    'delete from files where owner_id in (select id from demo_users) returning storage_key',
  );
  removed.files = files.length;
  const kept = await run<{ id: number; email: string }>(
    tx,
    'select k.id, d.email from demo_kept k join demo_users d on d.id = k.id order by k.id',
  );
  removed.users = await count(tx, 'delete from users where id in (select id from demo_gone)');
  // The kept ones as a deleted account: no sign-in, no personal data, not listed.
  for (const { id } of kept) await anonymiseUser(tx, id, `removed-demo-${id}@deleted.invalid`);
  const keptProfiles = await run<{ id: number }>(
    tx,
    'select id from teacher_profiles where user_id in (select id from demo_kept)',
  );
  const teachers = createTeachersService(db, createSubjectsService(db));
  if (keptProfiles.length > 0)
    await teachers.refreshAggregates(
      tx,
      keptProfiles.map((p) => p.id),
    );
  const gapsAfter = await ledgerGaps(tx);
  if (gapsAfter !== gapsBefore)
    throw new Error(
      `the removal would change the ledger's consistency (${gapsBefore} -> ${gapsAfter}); nothing was changed`,
    );
  const report: DemoRemovalReport = {
    dryRun,
    removed: Object.fromEntries(Object.entries(removed).filter(([, n]) => n > 0)),
    kept: kept.map((k) => k.email),
    ledger,
    filesOnDisk: 0,
  };
  if (dryRun) throw new DryRunDone(report);
  return { report, storageKeys: files.map((f) => f.storage_key) };
}

/**
 * Removes the demo accounts and their data (or with `dryRun`, counts what would go and keeps it
 * all). Running it again finds nothing and changes nothing. Throws DemoRemovalRefused, nothing
 * changed, while a real user's lesson with a demo account is not over or money would move.
 */
export async function removeDemoData(
  db: Db,
  options: { uploadsDir: string; dryRun?: boolean },
): Promise<DemoRemovalReport> {
  let outcome: Awaited<ReturnType<typeof removeInTransaction>>;
  try {
    outcome = await db.transaction((tx) => removeInTransaction(db, tx, options.dryRun ?? false));
  } catch (error) {
    if (error instanceof DryRunDone) return error.report;
    throw error;
  }
  // After the commit, as when a user deletes their account: a file left behind is only disk space.
  const results = await Promise.all(
    outcome.storageKeys.map((key) =>
      rm(path.join(options.uploadsDir, path.basename(key))).then(
        () => 1,
        () => 0,
      ),
    ),
  );
  return { ...outcome.report, filesOnDisk: results.reduce<number>((sum, n) => sum + n, 0) };
}
