import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTest, sourceFiles } from '../test/source-files.ts';

const srcDir = path.resolve(__dirname, '../..');

// Physical direction utilities that break right-to-left layouts (STYLE.md habit 9).
const PHYSICAL =
  /(?<![\w-])(?:-?(?:ml|mr|pl|pr|left|right|rounded-[lr]|rounded-[tb][lr]|border-[lr])-[\w./[\]-]+|text-(?:left|right)|float-(?:left|right))(?![\w-])/;

describe('direction-free styles', () => {
  it('no source file uses physical left/right utilities', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(srcDir, (name) => /\.(tsx|ts|css)$/.test(name) && !isTest(name))) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        const classStrings = line.match(/(['"`])[^'"`]*\1/g) ?? [];
        for (const text of classStrings) {
          const match = text.match(PHYSICAL);
          if (match) offenders.push(`${path.relative(srcDir, file)}:${index + 1} ${match[0]}`);
        }
      });
    }
    expect(offenders).toEqual([]);
  });
});
