import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { reservations } from '../db/schema.ts';
import type { TestUser } from '../test/factories.ts';
import { testConfig, unusedPort } from '../test/helpers.ts';
import { expectLedgerConsistent } from '../test/money.ts';
import { bookingStormData, createOwnDatabase, expectBookingsConsistent, STORM_SLOT_PRICE } from './postgres.ts';

/**
 * RELIABILITY P1 "`kill -9` of the API mid-storm: every acknowledged booking exists" (PostgreSQL
 * only). The real server (src/server.ts) runs as a child process on a database of its own; funded
 * students book many slots at once; the server gets SIGKILL in the middle; once restarted, every
 * booking that got a 2xx is there exactly once, no reservation lacks its ledger transfer, the
 * ledger balances and every wallet equals the replay of its entries.
 */
const baseUrl = inject('databaseUrl');
// The postgres project only (vitest.config.ts): a real PostgreSQL server is the point.
if (!baseUrl) throw new Error('this file runs in the postgres project, with DATABASE_URL set');
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const JWT_SECRET = testConfig().jwtSecret ?? '';

const SLOTS = 120;
const STUDENTS = 6;
const FUNDS = 200_000; // 200 KWD each, 1 KWD a slot
const CONCURRENCY = 24;
const KILL_AFTER_ACKS = 25;

type Server = { child: ChildProcess; url: string; stderr: string[] };

async function startServer(databaseUrl: string, dirs: string): Promise<Server> {
  const port = await unusedPort();
  const stderr: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      JWT_SECRET,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: '',
      RATE_LIMIT_MAX: '1000000000',
      REDIS_URL: '',
      WEB_DIST_DIR: path.join(dirs, 'no-web'),
      SECRETS_DIR: path.join(dirs, 'secrets'),
      MAIL_OUTBOX_DIR: path.join(dirs, 'mail'),
      UPLOADS_DIR: path.join(dirs, 'uploads'),
    },
  });
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr.join('')}`);
    const up = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return { child, url, stderr };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start: ${stderr.join('')}`);
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

describe('kill -9 of the API mid-storm (RELIABILITY P1)', () => {
  let own: Awaited<ReturnType<typeof createOwnDatabase>>;
  let dirs: string;
  let server: Server | undefined;
  let database: Database;
  let students: TestUser[];
  let slotIds: number[];
  let funded: Map<number, number>;

  beforeAll(async () => {
    own = await createOwnDatabase(baseUrl, 'kill');
    dirs = mkdtempSync(path.join(os.tmpdir(), 'ustaz-kill-'));
    // The server migrates the new database on start, as in production.
    server = await startServer(own.url, dirs);
    database = await openDatabase({ kind: 'postgres', url: own.url });
    ({ students, slotIds, funded } = await bookingStormData(database, {
      slots: SLOTS,
      students: STUDENTS,
      funds: FUNDS,
      spacingHours: 1,
    }));
  });

  afterAll(async () => {
    if (server) {
      server.child.kill('SIGKILL');
      await stopped(server.child);
    }
    await database?.close();
    await own?.drop();
    if (dirs) rmSync(dirs, { recursive: true, force: true });
  });

  it('every booking acknowledged before the kill exists once; none without its transfer; the ledger balances', async ({
    annotate,
  }) => {
    const running = server as Server;
    const acked: { reservationId: number; slotId: number; studentId: number }[] = [];
    const statuses = { ok: 0, conflict: 0, other: 0, dropped: 0 };
    let killedAt = 0;
    let next = 0;

    async function bookLoop(n: number) {
      for (;;) {
        if (killedAt) return;
        const slotId = slotIds[(next++ * 7 + n) % SLOTS] as number;
        const student = students[(next + n) % STUDENTS] as TestUser;
        let res: Response;
        try {
          res = await fetch(`${running.url}/api/v1/booking/single`, {
            method: 'POST',
            headers: { ...student.headers, 'content-type': 'application/json' },
            body: JSON.stringify({ timeSlotId: slotId, paymentMethod: 'balance', expectedTotal: STORM_SLOT_PRICE }),
          });
        } catch {
          statuses.dropped += 1; // the server died under this request: no answer, no promise made
          return;
        }
        const body = await res.text().catch(() => '');
        if (res.status === 200) {
          statuses.ok += 1;
          for (const r of (JSON.parse(body) as { reservations: { id: number }[] }).reservations) {
            acked.push({ reservationId: r.id, slotId, studentId: student.user.id });
          }
          if (acked.length >= KILL_AFTER_ACKS && !killedAt) {
            killedAt = Date.now();
            running.child.kill('SIGKILL');
          }
        } else if (res.status === 409) statuses.conflict += 1;
        else statuses.other += 1;
      }
    }

    await Promise.all(Array.from({ length: CONCURRENCY }, (_, n) => bookLoop(n)));
    await stopped(running.child);
    expect(running.child.signalCode).toBe('SIGKILL');
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(statuses.dropped, 'requests were in flight when the server died').toBeGreaterThan(0);
    expect(statuses.other, 'only 200 and 409 while it ran').toBe(0);

    // Restarted on the same database: the promises made before the kill are kept.
    server = await startServer(own.url, dirs);
    const rows = await database.db.select().from(reservations);
    for (const ack of acked) {
      const matching = rows.filter((r) => r.id === ack.reservationId);
      expect(matching, `acknowledged reservation ${ack.reservationId}`).toHaveLength(1);
      expect(matching[0]).toMatchObject({ studentId: ack.studentId, timeSlotId: ack.slotId, status: 'confirmed' });
    }
    expect(new Set(acked.map((a) => a.slotId)).size).toBe(acked.length);
    await expectBookingsConsistent(database.db, funded);
    await expectLedgerConsistent(database.db);

    // And the restarted server books again.
    const taken = new Set(rows.filter((r) => r.status !== 'cancelled').map((r) => r.timeSlotId));
    const free = slotIds.find((id) => !taken.has(id));
    const student = students[0] as TestUser;
    const again = await fetch(`${server.url}/api/v1/booking/single`, {
      method: 'POST',
      headers: { ...student.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ timeSlotId: free, paymentMethod: 'balance', expectedTotal: STORM_SLOT_PRICE }),
    });
    expect(again.status).toBe(200);
    await annotate(
      `kill -9: ${statuses.ok} booked (${acked.length} acknowledged) and ${statuses.conflict} refused before the kill, ` +
        `${statuses.dropped} requests cut off, ${rows.filter((r) => r.status !== 'cancelled').length} reservations after restart`,
    );
  });
});
