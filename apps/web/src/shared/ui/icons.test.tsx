import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ICON_SPRITE_URL } from 'virtual:icon-sprite';
import { render } from '@testing-library/react';
import * as lucide from 'lucide-react';
import { createRef, type ElementType } from 'react';
import { describe, expect, it } from 'vitest';
import { buildIconSprite, ICONS_MODULE, spriteIconNames } from '../../../icon-sprite-plugin.ts';
import { isTest, linesMatching, SRC_DIR, sourceFiles } from '../test/source-files.ts';
import * as icons from './icons.tsx';

const names = spriteIconNames(readFileSync(ICONS_MODULE, 'utf8'));
const sprite = await buildIconSprite(names);
const symbols = new DOMParser().parseFromString(sprite.svg, 'image/svg+xml');

const exported = Object.entries(icons).filter((entry): entry is [string, icons.LucideIcon] => entry[0] !== 'default');
const pascal = (name: string) =>
  name.replace(/(^|-)([a-z0-9])/g, (_all, _dash, letter: string) => letter.toUpperCase());
const lucideIcons = lucide as unknown as Record<string, ElementType>;

function svgOf(Icon: ElementType, props: Record<string, unknown> = {}): SVGSVGElement {
  const svg = render(<Icon {...props} />).container.querySelector('svg');
  if (!svg) throw new Error('no <svg>');
  return svg;
}

function attributesOf(svg: Element): Record<string, string> {
  return Object.fromEntries([...svg.attributes].map((attribute) => [attribute.name, attribute.value]));
}

/** The icon's own lucide name: the fragment of its `<use href>`. */
function spriteNameOf(svg: SVGSVGElement): string {
  const href = svg.querySelector('use')?.getAttribute('href') ?? '';
  expect(href.startsWith(`${ICON_SPRITE_URL}#`)).toBe(true);
  return href.slice(ICON_SPRITE_URL.length + 1);
}

/** Our icon and lucide-react's of the same name, with the same props: the same <svg> attributes. */
function expectLucideAttributes(Icon: icons.LucideIcon, props: Record<string, unknown> = {}) {
  const ours = svgOf(Icon, props);
  const name = spriteNameOf(ours);
  const theirs = svgOf(lucideIcons[pascal(name)] as ElementType, props);
  const { class: ourClass = '', ...ourRest } = attributesOf(ours);
  const { class: theirClass = '', ...theirRest } = attributesOf(theirs);
  expect(ourRest).toEqual(theirRest);
  // lucide also names the icon's old names (`lucide-alert-circle`); ours keep `lucide lucide-<name>` and the caller's.
  const theirTokens = theirClass.split(' ');
  expect(ourClass.split(' ').every((token) => theirTokens.includes(token))).toBe(true);
  expect(ourClass.startsWith(`lucide lucide-${name}`)).toBe(true);
  return { ours, theirs, name };
}

/** The files of src importing lucide-react, but the icons module and this test. */
const importsLucide = /\bfrom\s*['"]lucide-react(\/[^'"]*)?['"]|\bimport\(\s*['"]lucide-react/;

describe('icons from the sprite', () => {
  it('draws every icon with lucide attributes and its drawing from the sprite', () => {
    expect(exported.length).toBe(names.length);
    for (const [, Icon] of exported) {
      const { ours, theirs, name } = expectLucideAttributes(Icon);
      expect(ours.children).toHaveLength(1);
      const symbol = symbols.getElementById(name);
      expect(symbol?.tagName).toBe('symbol');
      expect(symbol?.getAttribute('viewBox')).toBe('0 0 24 24');
      // The same shapes lucide writes inline, attribute for attribute.
      const shapes = (element: Element) =>
        [...element.children].map((child) => `${child.tagName} ${JSON.stringify(attributesOf(child))}`);
      expect(symbol && shapes(symbol)).toEqual(shapes(theirs));
    }
  });

  it('takes the props lucide takes: class, size, stroke width, colour, labels, children and a ref', () => {
    const { X, Star, ChevronLeft } = icons;
    expectLucideAttributes(X, { className: 'size-4 rtl:-scale-x-100' });
    expectLucideAttributes(Star, { size: 16, strokeWidth: 1.5, color: '#f59e0b', fill: 'currentColor' });
    expectLucideAttributes(Star, { size: 48, strokeWidth: 2, absoluteStrokeWidth: true });
    const labelled = expectLucideAttributes(ChevronLeft, { 'aria-label': 'Previous', role: 'img' }).ours;
    expect(labelled.getAttribute('aria-hidden')).toBeNull();
    expect(svgOf(X).getAttribute('aria-hidden')).toBe('true');
    expect(svgOf(X, { 'data-testid': 'close-icon', 'aria-hidden': 'false' }).getAttribute('aria-hidden')).toBe('false');
    const titled = render(
      <X>
        <title>Close</title>
      </X>,
    ).container.querySelector('svg');
    expect(titled?.getAttribute('aria-hidden')).toBeNull();
    expect(titled?.querySelector('title')?.textContent).toBe('Close');
    const ref = createRef<SVGSVGElement>();
    render(<X ref={ref} />);
    expect(ref.current?.tagName).toBe('svg');
  });

  it('names the sprite by its content: /assets/icons-<hash>.svg', async () => {
    expect(ICON_SPRITE_URL).toBe(`/${sprite.fileName}`);
    expect(sprite.fileName).toMatch(/^assets\/icons-[\w-]{8}\.svg$/);
    const fewer = await buildIconSprite(names.slice(1));
    expect(fewer.fileName).not.toBe(sprite.fileName);
  });

  it('refuses a name lucide does not have, or one that is not a lucide name', async () => {
    await expect(buildIconSprite(['circle-check', 'no-such-icon'])).rejects.toThrow(
      "lucide-react has no icon 'no-such-icon'",
    );
    expect(() => spriteIconNames("spriteIcon('CircleCheck'); spriteIcon('x')")).toThrow("'CircleCheck'");
    expect(spriteIconNames("spriteIcon('x'); spriteIcon( 'circle-check' ); spriteIcon('x')")).toEqual([
      'circle-check',
      'x',
    ]);
  });
});

describe('one way to draw an icon', () => {
  const files = sourceFiles(SRC_DIR).filter(
    (file) => file !== ICONS_MODULE && path.basename(file) !== 'icons.test.tsx',
  );

  it('no file of the app imports lucide-react (its icons write their paths into the page)', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(linesMatching(files, importsLucide)).toEqual([]);
  });

  it('sees a planted import of lucide-react', () => {
    for (const line of [
      "import { X } from 'lucide-react';",
      'import type { LucideIcon } from "lucide-react";',
      "import X from 'lucide-react/icons/x';",
      "const X = await import('lucide-react');",
    ]) {
      expect(importsLucide.test(line)).toBe(true);
    }
    expect(importsLucide.test("import { X } from '../../shared/ui/icons.tsx';")).toBe(false);
  });

  it('every icon of the sprite is used by the app (the sprite holds only those)', () => {
    const app = files.filter((file) => !isTest(file)).map((file) => readFileSync(file, 'utf8'));
    const imported = new Set(
      app.flatMap((text) =>
        [
          ...text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'(?:\.{1,2}\/)+(?:[\w-]+\/)*icons\.tsx'/g),
        ].flatMap((match) => (match[1] ?? '').split(',').map((part) => part.trim().split(/\s+as\s+/)[0] ?? '')),
      ),
    );
    expect(imported.size).toBeGreaterThan(100);
    expect(exported.map(([name]) => name).filter((name) => !imported.has(name))).toEqual([]);
  });
});
