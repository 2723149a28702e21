import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { prepareDatabase } from './prepare-database.ts';
import { createFactories } from './test/factories.ts';
import { testConfig } from './test/helpers.ts';
import { useTestDatabase } from './test/test-app.ts';

/**
 * Issue 29: what every start does after the migrations (server.ts, and the cluster's primary),
 * with a captured logger: in production, a database holding demo accounts gets one warning naming
 * how many and the command that removes them; a demo deployment says so in one loud line.
 */
const database = useTestDatabase();

function capturedLog() {
  const lines: { level: number; msg: string }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const warnings = () => lines.filter((line) => line.level === 40).map((line) => line.msg);
  return { log, warnings };
}

const production = { production: true, seedDemoData: false, demoDeployment: false };

describe('prepareDatabase: the demo notice at start (issue 29)', () => {
  it('warns nothing in production while no demo account is there', async () => {
    const f = createFactories(database);
    await f.student();
    const { log, warnings } = capturedLog();
    await prepareDatabase(testConfig(production), database, log);
    expect(warnings()).toEqual([]);
  });

  it('warns once at every production start while demo accounts are there, naming how many and the command', async () => {
    const f = createFactories(database);
    await f.user({ email: 'admin@ustaz.example', roleId: 1 });
    await f.teacher();
    await f.user({ email: 'Teacher9@USTAZ.example', roleId: 2 });
    for (let start = 0; start < 2; start += 1) {
      const { log, warnings } = capturedLog();
      await prepareDatabase(testConfig(production), database, log);
      expect(warnings()).toEqual([
        '2 demo accounts (@ustaz.example, password printed in the README) are in this production database: remove them and their data with npm run db:remove-demo',
      ]);
    }
  });

  it('says nothing of them outside production (npm start, the demo)', async () => {
    const { log, warnings } = capturedLog();
    await prepareDatabase(testConfig({ seedDemoData: false }), database, log);
    expect(warnings()).toEqual([]);
  });

  it('logs one loud line in a demo deployment (SEED_DEMO_DATA=true with DEMO_DEPLOYMENT=true) instead', async () => {
    const { log, warnings } = capturedLog();
    // The loud line comes before the seed; the seed itself is left out here (the production build test runs it).
    await prepareDatabase(testConfig({ ...production, demoDeployment: true }), database, log);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatch(
      /^DEMO DEPLOYMENT: NODE_ENV=production with SEED_DEMO_DATA=true and DEMO_DEPLOYMENT=true/,
    );
  });
});
