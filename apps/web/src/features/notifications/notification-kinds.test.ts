import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import ar from '../../../public/locales/ar/notifications.json';
import en from '../../../public/locales/en/notifications.json';
import { describeNotification, NOTIFICATION_KINDS } from './notification-content.ts';

/** The notification types the server writes: the `NotificationType` union in its notifications repo. */
function serverTypes(): string[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const repo = path.resolve(here, '../../../../server/src/modules/notifications/notifications.repo.ts');
  const source = readFileSync(repo, 'utf8');
  const union = source.match(/export type NotificationType =([^;]+);/);
  if (!union?.[1]) throw new Error('NotificationType union not found in notifications.repo.ts');
  return [...union[1].matchAll(/'([^']+)'/g)].map((match) => match[1] as string);
}

/** A key's text, or its plural forms' `_other` (i18next's plural keys). */
function lookup(messages: unknown, key: string): unknown {
  const parts = key.split('.');
  const last = parts.pop() as string;
  const parent = parts.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  const node = parent as Record<string, unknown> | undefined;
  return node?.[last] ?? node?.[`${last}_other`];
}

describe('every notification the server writes has its own text', () => {
  const types = serverTypes();

  it('reads the server list', () => {
    expect(types.length).toBeGreaterThan(15);
    expect(types).toContain('lesson.teacherNoShow');
  });

  it.each(types)('%s is a known kind with a title and a body in ar and en', (type) => {
    expect(NOTIFICATION_KINDS as readonly string[]).toContain(type);
    const content = describeNotification(
      { id: 1, type, data: { reservationId: 3 }, readAt: null, createdAt: new Date().toISOString() } as never,
      'en',
    );
    expect(content.kind).toBe(type);
    const keys = [content.title.key, 'key' in content.body ? content.body.key : null].filter(Boolean) as string[];
    for (const key of keys) {
      expect(typeof lookup(en, key), `en ${key}`).toBe('string');
      expect(typeof lookup(ar, key), `ar ${key}`).toBe('string');
    }
  });
});
