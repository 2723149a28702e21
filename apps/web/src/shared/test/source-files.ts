import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The web sources, apps/web/src: the root the source-scanning tests name files from. */
export const SRC_DIR = path.resolve(__dirname, '../..');

export const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** The files below `dir`, every level down, that `keep` keeps (by default: .ts and .tsx files). */
export function sourceFiles(dir: string, keep: (file: string) => boolean = (file) => /\.tsx?$/.test(file)): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file, keep);
    return keep(file) ? [file] : [];
  });
}

/** `file:line` (from SRC_DIR) of each line of `files` that `pattern` matches: a rule's offenders. */
export function linesMatching(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${path.relative(SRC_DIR, file)}:${index + 1}`] : [])),
  );
}
