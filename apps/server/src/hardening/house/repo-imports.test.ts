import { describe, expect, it } from 'vitest';
import { countByFile } from './allow-list.ts';
import { foreignRepoImports } from './repo-imports.ts';
import { itKeepsTheAllowList, planted } from './rule-tests.ts';
import { readSources, SERVER_SRC } from './sources.ts';

/**
 * Issue 31 item 5: `modules/<m>/*.repo.ts` is imported by files of `modules/<m>/` only (ADR 011): not
 * by another module, and not by `http/`, `realtime/`, `jobs/`, `ops/`, `web/` or `app.ts` either.
 * The demo seeds and test code may (`repo-imports.ts` says why).
 */

/** The files that import a module's repo from outside it on main at e854b80, with their counts. */
// Empty since issue 31: the socket layer asks modules/auth/session-liveness.ts, not auth's repo.
const ALLOWED: Record<string, number> = {};

const breaks = countByFile(foreignRepoImports(readSources([SERVER_SRC])));
const offences = (files: Record<string, string>) =>
  foreignRepoImports(planted(files)).map((o) => `${o.file}:${o.line} ${o.what}`);
const REPO = 'apps/server/src/modules/auth/auth.repo.ts';

describe("a module's repo is imported by its own module only", () => {
  itKeepsTheAllowList(breaks, ALLOWED, {
    holds: "no file outside the allow-list imports another module's repo",
    fix: "call the module's service (ADR 011)",
  });

  it('sees a planted import from anywhere outside the module, values or types, one line or several', () => {
    expect(
      offences({
        [REPO]: 'export const x = 1;',
        'apps/server/src/ops/x.ts': "import type {\n  UserRow,\n} from '../modules/auth/auth.repo';",
        'apps/server/src/jobs/x.ts': "\nconst repo = await import('../modules/auth/auth.repo.js');",
        'apps/server/src/modules/chat/x.service.ts': "export { x } from '../auth/auth.repo.ts';",
        'apps/server/src/app.ts': "import * as auth from './modules/auth/auth.repo.ts';",
      }),
    ).toEqual([
      'apps/server/src/ops/x.ts:1 imports modules/auth/auth.repo.ts, the repo of module auth (call its service)',
      'apps/server/src/jobs/x.ts:2 imports modules/auth/auth.repo.ts, the repo of module auth (call its service)',
      'apps/server/src/modules/chat/x.service.ts:1 imports modules/auth/auth.repo.ts, the repo of module auth (call its service)',
      'apps/server/src/app.ts:1 imports modules/auth/auth.repo.ts, the repo of module auth (call its service)',
    ]);
  });

  it('is silent on its own module, the seeds, test code and other files of a module', () => {
    expect(
      offences({
        [REPO]: 'export const x = 1;',
        'apps/server/src/modules/auth/auth.service.ts': "import { x } from './auth.repo.ts';",
        'apps/server/src/modules/auth/sessions/x.ts': "import { x } from '../auth.repo.ts';",
        'apps/server/src/seed/seed.ts': "import { x } from '../modules/auth/auth.repo.ts';",
        'apps/server/src/test/factories.ts': "import { x } from '../modules/auth/auth.repo.ts';",
        'apps/server/src/http/x.test.ts': "import { x } from '../modules/auth/auth.repo.ts';",
        'apps/server/src/http/y.ts': "import { x } from '../modules/auth/auth.service.ts';",
      }),
    ).toEqual([]);
  });
});
