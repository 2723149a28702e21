import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

type Issue = { code: string; path: PropertyKey[]; origin?: string; params?: { code?: string }; input?: unknown };

/** A zod issue as the server's field code (server http/errors.ts `toFieldErrors`): the same codes on both sides. */
export function fieldCodeOf(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'required' : 'invalidType';
    case 'too_small':
      if (issue.origin === 'string' && typeof issue.input === 'string' && issue.input.trim() === '') return 'required';
      return issue.origin === 'string' || issue.origin === 'array' ? 'tooShort' : 'tooSmall';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? 'tooLong' : 'tooBig';
    case 'custom':
      return issue.params?.code ?? 'invalid';
    default:
      return 'invalid';
  }
}

/**
 * A form's candidate body checked by the contract's own schema (the server checks the same one):
 * the parsed body, or the first code of each top-level field the schema refused.
 */
export function checkWithSchema<Schema extends z.ZodType, Field extends string>(
  schema: Schema,
  candidate: unknown,
): { body: z.output<Schema> } | { errors: Partial<Record<Field, string>> } {
  const result = schema.safeParse(candidate, { reportInput: true });
  if (result.success) return { body: result.data };
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of result.error.issues as Issue[]) {
    const field = String(issue.path[0] ?? '') as Field;
    errors[field] ??= fieldCodeOf(issue);
  }
  return { errors };
}

/**
 * The parse options that make a schema's messages the server's field codes (`required`,
 * `tooShort`, `meetingLinkNotAllowed`): `zodResolver(schema, WITH_FIELD_CODES)` gives a
 * react-hook-form form the codes the contract's own schema would give on the server. A check
 * that names its own message keeps it.
 */
export const WITH_FIELD_CODES = {
  error: (issue: z.core.$ZodRawIssue) => fieldCodeOf(issue as unknown as Issue),
} as const;

/**
 * The react-hook-form resolver of a contract schema for a form whose values are not the body yet
 * (a choice not made is null): the schema judges what was typed as the server would, with its
 * field codes (WITH_FIELD_CODES), and the form is sent with the parsed body.
 */
export function contractResolver<Values extends FieldValues, Schema extends z.ZodType<unknown, FieldValues>>(
  schema: Schema,
): Resolver<Values, unknown, z.output<Schema>> {
  return zodResolver(schema, WITH_FIELD_CODES) as unknown as Resolver<Values, unknown, z.output<Schema>>;
}
