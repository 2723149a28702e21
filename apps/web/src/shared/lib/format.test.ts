import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatHoursNumber } from '../money/format-hours.ts';
import { isTest, SRC_DIR, sourceFiles } from '../test/source-files.ts';
import { formatId, formatKwd, formatNumber, formatPercent, formatTwoDigits, formatUnit } from './format.ts';

describe('formatKwd', () => {
  it('shows KWD with 3 decimals in English and Arabic (ADR 028)', () => {
    expect(formatKwd('12.500', 'en')).toBe('KWD\u00a012.500');
    expect(formatKwd(7, 'ar')).toBe('\u200f٧٫٠٠٠\u00a0د.ك.\u200f');
  });
  it('writes a ledger line with its sign, a zero without one', () => {
    expect(formatKwd('20', 'en', { signed: true })).toBe('+KWD\u00a020.000');
    expect(formatKwd('-1.5', 'en', { signed: true })).toBe('-KWD\u00a01.500');
    expect(formatKwd('0', 'en', { signed: true })).toBe('KWD\u00a00.000');
    expect(formatKwd('-1.5', 'ar', { signed: true })).toBe('\u061c-\u200f١٫٥٠٠\u00a0د.ك.\u200f');
  });
  it('answers null for a price that is not a number', () => {
    expect(formatKwd('abc', 'en')).toBeNull();
  });
});

describe('number formatters', () => {
  it('write each kind of number in the viewer’s digits', () => {
    expect(formatNumber(4.5, 'en', 1)).toBe('4.5');
    expect(formatNumber(1234, 'ar')).toBe('١٬٢٣٤');
    expect([formatHoursNumber(1.5, 'en'), formatHoursNumber(0.755, 'ar'), formatHoursNumber(2, 'en')]).toEqual([
      '1.5',
      '٠٫٧٦',
      '2',
    ]);
    expect([formatId(12345, 'en'), formatId(12345, 'ar')]).toEqual(['12345', '١٢٣٤٥']);
    expect([formatTwoDigits(5, 'en'), formatTwoDigits(5, 'ar')]).toEqual(['05', '٠٥']);
    expect(formatPercent(0.85, 'en')).toBe('85%');
    expect(formatUnit(1.25, 'en', { unit: 'megabyte', display: 'short', maxDecimals: 1 })).toBe('1.3 MB');
    expect(formatUnit(3, 'en', { unit: 'hour', display: 'long', maxDecimals: 0 })).toBe('3 hours');
  });
});

/** Where a number formatter may be built, and where money and hours are written (i18n README). */
const FORMATTER_FILE = 'shared/lib/format.ts';
const HOURS_FILE = 'shared/money/format-hours.ts';
const MAX_NUMBER_FORMATS = 2;

const NUMBER_FORMAT = /\bIntl\.NumberFormat\s*\(/g;
/** Money written by hand: a currency option, a sign option, or a rounding to a fixed number of decimals. */
const MONEY = /\bcurrency\s*:|\bsignDisplay\s*:|\.toFixed\s*\(|\.toLocaleString\s*\(/;
const MONEY_FORMATTER = /\b(?:function|const|let)\s+format\w*(?:Kwd|Money|Amount|Price|Currency)\w*/i;
const HOURS_FORMATTER = /\b(?:function|const|let)\s+format\w*Hours?\w*/i;

/** The offenders of the one-formatter rule among `sources` (file relative to src/, its text). */
function numberFormatOffenders(sources: [string, string][]): string[] {
  const offenders: string[] = [];
  let built = 0;
  for (const [file, text] of sources) {
    text.split('\n').forEach((line, index) => {
      const at = `${file}:${index + 1}`;
      const formats = line.match(NUMBER_FORMAT)?.length ?? 0;
      built += formats;
      if (formats > 0 && file !== FORMATTER_FILE) offenders.push(`${at} builds an Intl.NumberFormat`);
      if (file !== FORMATTER_FILE && MONEY.test(line)) offenders.push(`${at} writes money by hand`);
      if (file !== FORMATTER_FILE && MONEY_FORMATTER.test(line)) offenders.push(`${at} declares a money formatter`);
      if (file !== HOURS_FILE && HOURS_FORMATTER.test(line)) offenders.push(`${at} declares an hours formatter`);
    });
  }
  if (built > MAX_NUMBER_FORMATS)
    offenders.push(`${built} Intl.NumberFormat in the app (at most ${MAX_NUMBER_FORMATS})`);
  return offenders;
}

function productionSources(): [string, string][] {
  return sourceFiles(SRC_DIR)
    .filter((file) => !isTest(file) && !/-test-data\.ts$|[/\\]shared[/\\]test[/\\]|test-setup\.ts$/.test(file))
    .map((file) => [path.relative(SRC_DIR, file).split(path.sep).join('/'), readFileSync(file, 'utf8')]);
}

describe('one number, money and hours formatter', () => {
  it(`builds Intl.NumberFormat only in ${FORMATTER_FILE} (at most ${MAX_NUMBER_FORMATS}), and writes money and hours only through it and ${HOURS_FILE}`, () => {
    expect(numberFormatOffenders(productionSources())).toEqual([]);
  });

  it('self-test: fails on a feature’s own Intl.NumberFormat, money or hours formatter, and on a third formatter in the shared file', () => {
    const sources = productionSources();
    const shared = sources.find(([file]) => file === FORMATTER_FILE);
    expect(shared).toBeDefined();
    const planted: [string, string][] = [
      ['features/x/x.ts', "export const two = new Intl.NumberFormat('en-KW', { minimumIntegerDigits: 2 });"],
      ['features/x/money.ts', "const options = { style: 'currency', currency: 'KWD' };"],
      ['features/x/kwd.ts', 'export function formatKwdExact(amount: string) { return amount; }'],
      ['features/x/hours.ts', 'export const formatLessonHours = (hours: number) => String(hours);'],
      ['features/x/round.ts', 'const text = price.toFixed(3);'],
    ];
    expect(numberFormatOffenders([...sources, ...planted])).toEqual([
      'features/x/x.ts:1 builds an Intl.NumberFormat',
      'features/x/money.ts:1 writes money by hand',
      'features/x/kwd.ts:1 declares a money formatter',
      'features/x/hours.ts:1 declares an hours formatter',
      'features/x/round.ts:1 writes money by hand',
    ]);
    const [file, text] = shared ?? ['', ''];
    const third = `${text}\nconst a = new Intl.NumberFormat('ar-KW');\nconst b = Intl.NumberFormat('en-KW');\n`;
    const others = sources.filter(([name]) => name !== FORMATTER_FILE);
    expect(numberFormatOffenders([...others, [file, third]])).toEqual([
      expect.stringMatching(/^3 Intl\.NumberFormat in the app/),
    ]);
  });
});
