import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, VALIDATION_CODES, type ValidationCode } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../http/client.ts';
import { isTest, SRC_DIR, sourceFiles } from '../test/source-files.ts';
import {
  type CodeTexts,
  type ErrorTexts,
  errorMessage,
  errorText,
  fieldErrorKey,
  translatedCode,
  truncate,
} from './error-text.ts';

/**
 * Every table of error texts: each feature keeps its own in `<name>-error-texts.ts` beside the code
 * that shows them (one `ERROR_TEXTS` record per file), so a route's chunk carries only its tables.
 * Read here to test the translator on the real tables and to hold every list to the locale files.
 */
const tableFiles = import.meta.glob<{ ERROR_TEXTS: Record<string, ErrorTexts> }>('../../features/**/*-error-texts.ts', {
  eager: true,
});
const ERROR_TEXTS: Record<string, ErrorTexts> = {};
for (const [file, module] of Object.entries(tableFiles)) {
  for (const [name, texts] of Object.entries(module.ERROR_TEXTS)) {
    const known = ERROR_TEXTS[name];
    if (known !== undefined && known !== texts) throw new Error(`two error-text tables named ${name} (${file})`);
    ERROR_TEXTS[name] = texts;
  }
}

/** A table of the record above, by name: the named table must exist. */
function table(name: string): ErrorTexts {
  const texts = ERROR_TEXTS[name];
  if (!texts) throw new Error(`no error-text table named ${name}`);
  return texts;
}

/** A table that translates field codes, by name. */
function fieldTable(name: string): ErrorTexts & { fields: CodeTexts<ValidationCode> } {
  const texts = table(name);
  if (!texts.fields) throw new Error(`error-text table ${name} has no field codes`);
  return { ...texts, fields: texts.fields };
}

/** A `t` that shows which key it was asked for, and with what. */
const t = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);

const fields = (errors: Record<string, string>) => new ApiRequestError(422, { status: 422, errors });
const answer = (status: number, code: string, message = 'Server words') =>
  new ApiRequestError(status, { status, code, message });

describe('errorMessage', () => {
  it('follows the extraction order of spec section 8', () => {
    expect(errorMessage(new ApiRequestError(400, { message: 'from body', error: 'e' }), 'f')).toBe('from body');
    expect(errorMessage(new ApiRequestError(400, { error: 'from error' }), 'f')).toBe('from error');
    expect(errorMessage(new ApiRequestError(500, null), 'f')).toBe('Request failed with status 500');
    expect(errorMessage(new Error('plain'), 'f')).toBe('plain');
    expect(errorMessage('a string', 'f')).toBe('a string');
    expect(errorMessage({ weird: true }, 'fallback')).toBe('fallback');
    expect(errorMessage('   ', 'fallback')).toBe('fallback');
  });
  it('truncates long toast text to 100 characters', () => {
    const long = 'x'.repeat(150);
    expect(truncate(long)).toHaveLength(100);
    expect(truncate('short')).toBe('short');
  });
});

describe('errorText', () => {
  it('money calls: a known field code, then a known answer code, the network, the server, the error, generic', () => {
    const texts = table('payment');
    expect(errorText(fields({ slots: 'unknownField', balance: 'insufficientBalance' }), t, texts)).toBe(
      'errors.insufficientBalance',
    );
    expect(errorText(fields({ amount: 'tooSmall' }), t, texts)).toBe('errors.tooSmall');
    expect(errorText(answer(409, 'slotUnavailable'), t, texts)).toBe('errors.slotUnavailable');
    expect(errorText(answer(429, 'tooManyRequests'), t, texts)).toBe('errors.tooManyRequests');
    expect(errorText(new TypeError('Failed to fetch'), t, texts)).toBe('errors.network');
    expect(errorText(answer(500, 'internalError', 'Internal server error'), t, texts)).toBe('Internal server error');
    expect(errorText(fields({ slots: 'unknownField' }), t, texts)).toBe('errors.generic');
    expect(errorText(new Error('No payment link'), t, texts)).toBe('No payment link');
    expect(errorText('  ', t, texts)).toBe('errors.generic');
  });

  it('admin: the field code, else "check the field", else the answer code, else generic; never the server words', () => {
    const texts = table('admin');
    expect(errorText(fields({ nameEn: 'alreadyExists' }), t, texts)).toBe('errors.alreadyExists');
    expect(errorText(fields({ nameEn: 'unknownField' }), t, texts)).toBe('errors.invalidField {"field":"nameEn"}');
    expect(errorText(answer(409, 'versionConflict'), t, texts)).toBe('errors.versionConflict');
    expect(errorText(answer(409, 'slotOverlap'), t, texts)).toBe('errors.generic');
    expect(errorText(new TypeError('Failed to fetch'), t, texts)).toBe('errors.network');
    expect(errorText(new Error('thrown'), t, texts)).toBe('errors.generic');
  });

  it("admin money: its own codes first, then the admin namespace's text", () => {
    const tAdmin = (key: string) => `admin:${key}`;
    const text = (error: unknown) =>
      errorText(error, t, table('adminMoney'), () => errorText(error, tAdmin, table('admin')));
    expect(text(answer(409, 'paymentMismatch'))).toBe('errors.paymentMismatch');
    expect(text(answer(403, 'forbidden'))).toBe('admin:errors.forbidden');
    expect(text(new TypeError('Failed to fetch'))).toBe('admin:errors.network');
  });

  it('auth: a wait for any 429, the network, a known code, a refusal in the server words, the screen fallback', () => {
    const texts = table('auth');
    const wait = new ApiRequestError(429, { status: 429, code: 'tooManyRequests', message: 'x' }, 30);
    expect(errorText(wait, t, texts, 'login.failed')).toBe('errors.tooManyRequestsWait {"seconds":30}');
    expect(errorText(new ApiRequestError(429, null), t, texts, 'login.failed')).toBe('errors.tooManyRequests');
    expect(errorText(new TypeError('Failed to fetch'), t, texts, 'login.failed')).toBe('errors.network');
    expect(errorText(answer(403, 'registrationDisabled'), t, texts, 'register.failed')).toBe(
      'errors.registrationDisabled',
    );
    expect(errorText(answer(401, 'invalidGoogleToken', 'Bad token'), t, texts, 'x')).toBe('Bad token');
    expect(errorText(answer(503, 'serviceUnavailable', 'Busy'), t, texts, 'login.failed')).toBe('login.failed');
    expect(errorText(new Error('thrown'), t, texts, 'login.failed')).toBe('login.failed');
  });

  it('without a fallback of its own or the call, the common generic text', () => {
    const texts: ErrorTexts = { ns: 'profile' };
    expect(errorText(new Error('thrown'), t, texts)).toBe('common:errors.generic');
  });
});

describe('translatedCode and fieldErrorKey', () => {
  it('names the code a namespace has a text for: a field code first, then the answer code', () => {
    expect(translatedCode(fields({ balance: 'insufficientBalance' }), table('payment'))).toBe('insufficientBalance');
    expect(translatedCode(answer(409, 'priceChanged'), table('payment'))).toBe('priceChanged');
    expect(translatedCode(answer(409, 'slotOverlap'), table('payment'))).toBeNull();
    expect(translatedCode(new TypeError('Failed to fetch'), table('payment'))).toBeNull();
  });

  it('keys a field code under its prefix, or as invalid when the namespace has no text for it', () => {
    const key = fieldErrorKey(fieldTable('authFields'));
    expect(key('emailAlreadyExists')).toBe('fieldErrors.emailAlreadyExists');
    expect(key('unknownField')).toBe('fieldErrors.invalid');
  });
});

/** Every locale file, to hold the lists of `ERROR_TEXTS` to them. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../../../public/locales/*/*.json', {
  eager: true,
});

function keysUnder(language: string, ns: string, prefix: string): string[] {
  const file = files[`../../../public/locales/${language}/${ns}.json`];
  if (!file) throw new Error(`no ${language}/${ns}.json`);
  let node: unknown = file.default;
  for (const part of prefix.split('.').filter(Boolean)) node = (node as Record<string, unknown>)?.[part];
  return node && typeof node === 'object' ? Object.keys(node) : [];
}

describe('ERROR_TEXTS', () => {
  it('every table lives in a *-error-texts.ts file under features/, so the lists below cover it', () => {
    const elsewhere = sourceFiles(SRC_DIR, (file) => /\.tsx?$/.test(file) && !isTest(file))
      .filter((file) => /satisfies (?:Record<string, )?ErrorTexts\b/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC_DIR, file))
      .filter((file) => !/^features\/.+-error-texts\.ts$/.test(file));
    expect(elsewhere).toEqual([]);
    expect(Object.keys(ERROR_TEXTS).sort()).toEqual(
      [
        'admin',
        'adminApplications',
        'adminDisputes',
        'adminMoney',
        'auth',
        'authFields',
        'availability',
        'earnings',
        'lessonProblem',
        'payment',
        'profileAccount',
        'profileEdit',
        'profileFields',
        'profileSecurityFields',
        'propose',
        'pushDevice',
        'receipt',
        'reschedule',
        'reservations',
        'reviewPrompt',
        'reviewReply',
        'teach',
        'teacherProfile',
      ].sort(),
    );
  });

  const cases = Object.entries(ERROR_TEXTS).flatMap(([name, texts]: [string, ErrorTexts]) => [
    ...(texts.codes ? [{ name, kind: 'codes', ns: texts.ns, ...texts.codes, all: ERROR_CODES }] : []),
    ...(texts.fields ? [{ name, kind: 'fields', ns: texts.ns, ...texts.fields, all: VALIDATION_CODES }] : []),
  ]);

  it.each(cases.flatMap((entry) => ['ar', 'en'].map((language) => ({ ...entry, language }))))(
    '$name $kind: the codes with a text under $ns:$prefix in $language are exactly those listed',
    ({ ns, prefix, known, all, language }) => {
      const codes = new Set<string>(all);
      const withText = keysUnder(language, ns, prefix).filter((key) => codes.has(key));
      expect(withText.sort()).toEqual([...known].sort());
    },
  );
});
