import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icsTime, renderCalendar } from './ics.ts';

const octets = (text: string) => Buffer.byteLength(text, 'utf8');

describe('iCalendar text (RFC 5545)', () => {
  it('escapes backslash, semicolon, comma and line breaks, in that order', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(escapeText('نورة، الحربي')).toBe('نورة، الحربي');
    expect(escapeText('tab\there\u0007')).toBe('tabhere');
  });

  it('folds at 75 octets without cutting a UTF-8 character', () => {
    const line = `SUMMARY:${'درس مع عبد الرحمن '.repeat(8)}`;
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(3);
    for (const part of lines) expect(octets(part)).toBeLessThanOrEqual(75);
    // Every continuation line starts with one space; unfolding gives the line back.
    expect(lines.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    // Each folded line is whole characters: it decodes strictly.
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for (const part of lines) expect(decoder.decode(Buffer.from(part, 'utf8'))).toBe(part);
  });

  it('leaves a short line alone and uses the whole 75 octets of the first line', () => {
    expect(foldLine('UID:1')).toBe('UID:1');
    const ascii = `DESCRIPTION:${'x'.repeat(100)}`;
    const [first, second] = foldLine(ascii).split('\r\n');
    expect(octets(first ?? '')).toBe(75);
    expect(octets(second ?? '')).toBe(75 - 75 + 1 + (ascii.length - 75));
  });

  it('writes UTC times and CRLF lines', () => {
    expect(icsTime(new Date('2026-11-25T20:15:00.000Z'))).toBe('20261125T201500Z');
    const text = renderCalendar({ name: 'x', events: [] });
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });
});
