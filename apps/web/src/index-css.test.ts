import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC_DIR } from './shared/test/source-files.ts';

const require = createRequire(path.join(SRC_DIR, 'index.css'));
const packageCss = readFileSync(require.resolve('@fontsource-variable/cairo/wght.css'), 'utf8');
const indexCss = readFileSync(path.join(SRC_DIR, 'index.css'), 'utf8');

// Compared without spaces and with one kind of quote: the formatter (biome) writes the CSS its own way.
const fontFaces = (css: string) =>
  (css.match(/@font-face\s*{[^}]*}/g) ?? []).map((face) => face.replace(/\s+/g, '').replaceAll('"', "'"));

describe("index.css: Cairo's faces are the package's, with font-display: optional (issue 33)", () => {
  it('has every face of @fontsource-variable/cairo/wght.css, its files and ranges, and never swaps', () => {
    const expected = fontFaces(packageCss).map((face) =>
      face
        .replace('font-display:swap;', 'font-display:optional;')
        .replace('url(./files/', 'url(@fontsource-variable/cairo/files/'),
    );
    expect(expected).toHaveLength(3);
    expect(fontFaces(indexCss)).toEqual(expected);
    expect(indexCss).not.toMatch(/font-display:\s*swap/);
    expect(indexCss).not.toContain('@fontsource-variable/cairo/wght.css');
  });
});

describe('index.css: the rules the first view relies on (issue 33)', () => {
  const rule = (selector: string) =>
    indexCss.match(new RegExp(`${selector.replace(/[.:]/g, '\\$&')}\\s*{[^}]*}`))?.[0] ?? '';

  it("draws a rating's stars from its --stars, from the inline start, the five in 5rem", () => {
    expect(rule('.rating-stars')).toMatch(/inline-size:\s*5rem/);
    expect(rule('.rating-stars')).toMatch(/repeat-x 0 0 \/ 1rem 1rem/);
    const filled = rule('.rating-stars::before');
    expect(filled).toContain('inline-size: calc(var(--stars, 0) * 1rem)');
    expect(filled).toContain('inset-inline-start: 0');
    expect(filled).toMatch(/repeat-x 0 0 \/ 1rem 1rem/);
  });

  it('draws a part marked render-when-near only near the viewport, holding a size until then', () => {
    const utility = indexCss.match(/@utility render-when-near\s*{[^}]*}/)?.[0] ?? '';
    expect(utility).toContain('content-visibility: auto');
    expect(utility).toMatch(/contain-intrinsic-block-size:\s*auto \d+rem/);
  });
});
