import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  forgotFormSchema,
  loginFormSchema,
  readConfirmHash,
  readResetLink,
  registerFormSchema,
  resetFormSchema,
  STRENGTH_LABELS,
  strengthOf,
} from './auth-schemas.ts';

/** field -> first message key, as the form shows them. */
function errorsOf(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

function locale(language: string) {
  const file = path.resolve(__dirname, `../../../public/locales/${language}/auth.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
}

describe('login rules (spec 5)', () => {
  it('needs a valid e-mail and a password of at least 1 character', () => {
    expect(errorsOf(loginFormSchema, { email: '', password: '', remember: true })).toEqual({
      email: 'validation.emailRequired',
      password: 'validation.passwordRequired',
    });
    expect(errorsOf(loginFormSchema, { email: 'not-an-email', password: 'x', remember: false })).toEqual({
      email: 'validation.emailInvalid',
    });
    const parsed = loginFormSchema.parse({ email: '  Fahad@Ustaz.Example ', password: 'x', remember: true });
    expect(parsed.email).toBe('fahad@ustaz.example');
  });
});

describe('register rules (spec 5)', () => {
  const valid = {
    firstName: 'Fahad',
    lastName: 'Al-Kandari',
    email: 'f@ustaz.example',
    password: 'secret',
    confirmPassword: 'secret',
  };

  it('accepts a complete form with a 6-character password', () => {
    expect(errorsOf(registerFormSchema, valid)).toEqual({});
  });

  it('needs both names (trimmed), a valid e-mail and a password of 6 or more', () => {
    expect(
      errorsOf(registerFormSchema, {
        ...valid,
        firstName: '  ',
        lastName: '',
        email: 'x@',
        password: '12345',
        confirmPassword: '12345',
      }),
    ).toEqual({
      firstName: 'validation.firstNameRequired',
      lastName: 'validation.lastNameRequired',
      email: 'validation.emailInvalid',
      password: 'validation.passwordTooShort',
    });
  });

  it('refuses a name with a bidi control or a zero-width character (issue 29: invalidCharacters)', () => {
    expect(errorsOf(registerFormSchema, { ...valid, firstName: 'Fahad\u202E', lastName: 'Al\u200BKandari' })).toEqual({
      firstName: 'validation.invalidCharacters',
      lastName: 'validation.invalidCharacters',
    });
  });

  it('says the passwords do not match on the confirmation field', () => {
    expect(errorsOf(registerFormSchema, { ...valid, confirmPassword: 'secreT' })).toEqual({
      confirmPassword: 'validation.passwordsMismatch',
    });
    expect(errorsOf(registerFormSchema, { ...valid, confirmPassword: '' })).toEqual({
      confirmPassword: 'validation.confirmPasswordRequired',
    });
  });
});

describe('forgot-password rule (spec 5)', () => {
  it('needs a valid e-mail, with the "Please enter a valid email address" message', () => {
    expect(errorsOf(forgotFormSchema, { email: 'someone@' })).toEqual({ email: 'validation.emailInvalid' });
    expect(locale('en').validation?.emailInvalid).toBe('Please enter a valid email address');
    expect(errorsOf(forgotFormSchema, { email: 'someone@ustaz.example' })).toEqual({});
  });
});

describe('reset rules (spec 5)', () => {
  it.each([
    ['Ab1', 'validation.resetTooShort'],
    ['ABCDEFG1', 'validation.resetLowercase'],
    ['abcdefg1', 'validation.resetUppercase'],
    ['Abcdefgh', 'validation.resetDigit'],
  ])('refuses %s with %s', (password, message) => {
    expect(errorsOf(resetFormSchema, { password, confirmPassword: password })).toEqual({ password: message });
  });

  it('accepts 8+ characters with lowercase, uppercase and digit, and checks the confirmation', () => {
    expect(errorsOf(resetFormSchema, { password: 'Abcdefg1', confirmPassword: 'Abcdefg1' })).toEqual({});
    expect(errorsOf(resetFormSchema, { password: 'Abcdefg1', confirmPassword: 'Abcdefg2' })).toEqual({
      confirmPassword: 'validation.passwordsMismatch',
    });
  });

  it('has its messages in Arabic in the Arabic file', () => {
    const ar = locale('ar').validation ?? {};
    for (const key of ['resetTooShort', 'resetLowercase', 'resetUppercase', 'resetDigit', 'passwordsMismatch']) {
      expect(ar[key]).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe('the reset link', () => {
  const hash = 'QOb24-aXDxgXJvo9weWYM03pPxXdcYtakyjSvicDeEw';
  const now = 1_800_000_000_000;
  const read = (query: string) => readResetLink(new URLSearchParams(query), now);

  it('is usable with a hash and a future or absent expiry', () => {
    expect(read(`hash=${hash}&expires=${now + 60_000}`)).toEqual({ status: 'valid', hash });
    expect(read(`hash=${hash}`)).toEqual({ status: 'valid', hash });
  });

  it('is missing, invalid or expired otherwise', () => {
    expect(read('')).toEqual({ status: 'missing' });
    expect(read('hash=')).toEqual({ status: 'missing' });
    expect(read('hash=short')).toEqual({ status: 'invalid' });
    expect(read(`hash=${hash}&expires=soon`)).toEqual({ status: 'invalid' });
    expect(read(`hash=${hash}&expires=${now - 1}`)).toEqual({ status: 'expired' });
    expect(read(`hash=${hash}&expires=${now}`)).toEqual({ status: 'expired' });
  });

  it('the confirmation link needs a hash of the contract shape', () => {
    expect(readConfirmHash(new URLSearchParams(`hash=${hash}`))).toBe(hash);
    expect(readConfirmHash(new URLSearchParams(''))).toBeNull();
    expect(readConfirmHash(new URLSearchParams('hash=abc'))).toBeNull();
  });
});

describe('password strength (spec 5)', () => {
  it.each([
    ['', 0, 'veryWeak'],
    ['abc', 1, 'weak'],
    ['abcdefgh', 2, 'medium'],
    ['abcdefgH', 3, 'good'],
    ['abcdefH1', 4, 'strong'],
    ['abcdeH1!', 5, 'veryStrong'],
    ['!!!!', 1, 'weak'],
    ['ABCD1234', 3, 'good'],
  ])('%j scores %i (%s) where the form allows it', (password, score, label) => {
    // Every password here either passes the registration rule or scores 1 or less anyway.
    expect(strengthOf(password, password.length >= 6 ? 'register' : 'reset')).toEqual({ score, label });
  });

  it.each([
    ['abc12', 'reset', 1, 'weak'],
    ['ab1!', 'reset', 1, 'weak'],
    ['abcdefgh', 'reset', 1, 'weak'],
    ['abcdefg!', 'reset', 1, 'weak'],
    ['ABCDEFG1!', 'reset', 1, 'weak'],
    ['abcdefH1', 'reset', 4, 'strong'],
    ['aB1!', 'register', 1, 'weak'],
    ['aB1!x', 'register', 1, 'weak'],
    ['aB1!xy', 'register', 4, 'strong'],
    ['abcdefgh', 'register', 2, 'medium'],
  ] as const)(
    '%j on the %s form scores %i (%s): never above weak while the form refuses it',
    (password, form, score, label) => {
      expect(strengthOf(password, form)).toEqual({ score, label });
    },
  );

  it('has the six labels, very weak to very strong, in both languages', () => {
    expect(STRENGTH_LABELS).toEqual(['veryWeak', 'weak', 'medium', 'good', 'strong', 'veryStrong']);
    expect(STRENGTH_LABELS.map((label) => locale('en').strength?.[label])).toEqual([
      'Very weak',
      'Weak',
      'Medium',
      'Good',
      'Strong',
      'Very strong',
    ]);
    expect(STRENGTH_LABELS.map((label) => locale('ar').strength?.[label])).toEqual([
      'ضعيفة جداً',
      'ضعيفة',
      'متوسطة',
      'جيدة',
      'قوية',
      'قوية جداً',
    ]);
  });
});
