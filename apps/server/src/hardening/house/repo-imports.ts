import type { Offence } from './allow-list.ts';
import { importsOf } from './imports.ts';
import { isTestCode, type Source, underSrc } from './sources.ts';

/**
 * Issue 31 item 5: a module's repo is imported by its own module only (ADR 011), for the whole class:
 * `layers.test.ts` checks the files of other modules, this checks every file of the server's src.
 */
export const serverPath = (file: string) => (file.startsWith('apps/server/src/') ? underSrc(file) : undefined);

/** The module a path below the server's src belongs to (`modules/<name>/…`). */
const moduleOf = (inSrc: string) => /^modules\/([^/]+)\//.exec(inSrc)?.[1];
/**
 * A module's repo is its own (ADR 011): no file outside `modules/<m>/` imports `modules/<m>/*.repo.ts`,
 * not even a type. Another module calls m's service; `http/`, `realtime/`, `jobs/`, `ops/`, `web/` and
 * `app.ts` call a service too. The demo seeds (`seed/`) write their rows through the repos' inserts,
 * like the SQL they may hold (layers.test.ts), and test code builds its rows through them.
 */
export function foreignRepoImports(sources: Source[]): Offence[] {
  const files = new Set(sources.map((s) => s.file));
  return sources.flatMap((source) => {
    const inSrc = serverPath(source.file);
    if (inSrc === undefined || isTestCode(source.file) || inSrc.startsWith('seed/')) return [];
    return importsOf(source, files).flatMap(({ line, target }) => {
      const targetInSrc = target === undefined ? undefined : serverPath(target);
      if (targetInSrc === undefined || !targetInSrc.endsWith('.repo.ts')) return [];
      const owner = moduleOf(targetInSrc);
      if (owner === undefined || owner === moduleOf(inSrc)) return [];
      return [
        { file: source.file, line, what: `imports ${targetInSrc}, the repo of module ${owner} (call its service)` },
      ];
    });
  });
}
