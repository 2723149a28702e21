import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTest, SRC_DIR, sourceFiles } from './test/source-files.ts';

/**
 * One form pattern (STYLE habit 11, issue 31): every form of the web app is a react-hook-form
 * form, checked by a zod schema (the contract's where there is one). A component file that draws
 * a form (`<form`, or one of the wrappers below that draw it for their caller) must hold it in
 * react-hook-form: call `useForm` itself, or call a hook of this app that does, however deep
 * (`useEmailRequest` in auth/email-field.tsx, `useTeacherForm` in shared/teachers/teacher-form.ts,
 * `useCatalogForm` through `useAdminForm`). Importing react-hook-form's types is not enough.
 */

/** Components that draw the `<form>` of a caller's form: a file that renders one is a form file. */
const WRAPPERS = ['AuthForm', 'FormCard', 'AdminForm'];

/** Files that draw a `<form>` without react-hook-form, each on purpose. Only ever shorter. */
const ALLOWED: Record<string, string> = {
  'features/auth/auth-card.tsx': "AuthForm, a wrapper: the form and its handleSubmit are the caller's",
  'features/availability/form-card.tsx': "FormCard, a wrapper: the form is the caller's useCheckedForm",
  'shared/search/search-box.tsx':
    "the teacher search box is no validated form: its one text is the address's `q` (useSearchQuerySync)",
  'features/admin/ui/search-box.tsx':
    'a list search is no validated form: one text, applied as typed on Enter, that follows the URL',
};

const FORM = /<form[\s>]/;
const WRAPPED = new RegExp(`<(?:${WRAPPERS.join('|')})[\\s>]`);
const USE_FORM = /\buseForm\s*[<(]/;
/** `import { a, useB } from './c.ts'`: the names and the relative module of a value import. */
const RELATIVE_IMPORT = /\bimport\s+\{([^}]*)\}\s*from\s+['"](\.[^'"]+)['"]/g;

type Sources = Map<string, string>;

/** The relative modules `file` imports values from, with the names it takes from each. */
function imports(file: string, sources: Sources): [module: string, names: string[]][] {
  return [...(sources.get(file) ?? '').matchAll(RELATIVE_IMPORT)].map(([, names = '', specifier = '']) => [
    path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)),
    names
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type ')),
  ]);
}

/** Whether a module calls useForm, itself or through the modules it imports (however deep). */
function providesForm(file: string, sources: Sources, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  if (USE_FORM.test(sources.get(file) ?? '')) return true;
  return imports(file, sources).some(([module]) => providesForm(module, sources, seen));
}

/** Whether `file` holds a form in react-hook-form: it calls useForm, or a hook of a module that does. */
function usesFormLibrary(file: string, sources: Sources): boolean {
  const text = sources.get(file) ?? '';
  if (USE_FORM.test(text)) return true;
  return imports(file, sources).some(
    ([module, names]) =>
      providesForm(module, sources) &&
      names.some((name) => /^use[A-Z]/.test(name) && new RegExp(`\\b${name}\\s*[<(]`).test(text)),
  );
}

/** The form files (by path from src/) that do not use react-hook-form and are not allowed to. */
function formOffenders(sources: Sources, allowed: Record<string, string> = ALLOWED): string[] {
  return [...sources.keys()].filter((file) => {
    const text = sources.get(file) ?? '';
    if (!FORM.test(text) && !WRAPPED.test(text)) return false;
    return !(file in allowed) && !usesFormLibrary(file, sources);
  });
}

function productionSources(): Sources {
  return new Map(
    sourceFiles(SRC_DIR)
      .filter((file) => !isTest(file) && !file.includes(`${path.sep}shared${path.sep}test${path.sep}`))
      .map((file) => [path.relative(SRC_DIR, file).split(path.sep).join('/'), readFileSync(file, 'utf8')]),
  );
}

describe('one form pattern', () => {
  const sources = productionSources();

  it('every file that draws a form uses react-hook-form, but the allowed ones', () => {
    expect(formOffenders(sources)).toEqual([]);
  });

  it('each allowed file still draws a form without react-hook-form, and says why', () => {
    for (const [file, reason] of Object.entries(ALLOWED)) {
      const text = sources.get(file);
      expect(text, file).toBeDefined();
      expect(FORM.test(text ?? ''), file).toBe(true);
      expect(usesFormLibrary(file, sources), file).toBe(false);
      expect(reason.length, file).toBeGreaterThan(20);
    }
  });

  it('self-test: fails on a form held in useState, on a wrapper drawn without react-hook-form, and on an allowed file once removed from the list', () => {
    const planted = new Map(sources);
    planted.set(
      'features/x/hand-rolled.tsx',
      "import { useState } from 'react';\nexport function X() { const [v, setV] = useState(''); return <form onSubmit={() => setV(v)} />; }",
    );
    planted.set(
      'features/x/wrapped.tsx',
      'import { FormCard } from \'./form-card.tsx\';\nexport function Y() { return <FormCard title="t" />; }',
    );
    planted.set(
      'features/x/through-hook.tsx',
      "import { useEmailRequest } from '../auth/email-field.tsx';\nexport function Z() { useEmailRequest(); return <form />; }",
    );
    expect(formOffenders(planted)).toEqual(['features/x/hand-rolled.tsx', 'features/x/wrapped.tsx']);
    const { 'features/admin/ui/search-box.tsx': _, ...shorter } = ALLOWED;
    expect(formOffenders(sources, shorter)).toEqual(['features/admin/ui/search-box.tsx']);
  });
});
