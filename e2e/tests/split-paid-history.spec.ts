import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kwd } from '../support/booking.ts';
import { artifactsDir, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { DEMO_STUDENT, logInApi, signInContext, type TokenPair } from '../support/lessons.ts';
import { type OwnServer, startOwnServer } from '../support/own-server.ts';

/**
 * Issue 30 items 9 and 10 in Chromium, on the demo data (seed-student-history.ts): the demo student
 * paid three lessons with one hour of a package and 2.500 KWD each. The reservation cards name both
 * sources (the taught one, a teacher no-show, one the student cancelled), and the notifications
 * page speaks to the student: the no-show notice says the student got the full refund, the refund
 * notice names the hour and the money, and both name the teacher as spelled for the page's language.
 * Arabic on a phone (375x812), English on a desktop (1280x800).
 */

const ZONE = 'Asia/Kuwait';
const SCREENS = { ar: { width: 375, height: 812 }, en: { width: 1280, height: 800 } } as const;
const TEACHER = { ar: '\u2068فاطمة الكندري\u2069', en: '\u2068Fatma Al-Kandari\u2069' } as const;
const TEACHER_NAME = { ar: 'فاطمة الكندري', en: 'Fatma Al-Kandari' } as const;

const TEXTS = {
  ar: {
    paidBy: `(ساعة واحدة من الاشتراك + ${kwd(2.5, 'ar')} من المحفظة)`,
    noShowLine: 'لم يحضر المعلّم — أُعيدت القيمة كاملة',
    cancelledByYou: 'ألغيتَه أنت — ',
    refundNotice: `أُعيدت ساعة واحدة إلى اشتراكك و${kwd(2.5, 'ar')} إلى محفظتك عن الدرس مع ${TEACHER.ar}`,
    noShowNotice: [`لم يُسجَّل دخول ${TEACHER.ar} إلى درسك`, 'فأُلغي الدرس وأُعيد إليك المبلغ كاملًا.'],
  },
  en: {
    paidBy: `(1 hour of subscription + ${kwd(2.5, 'en')} from the wallet)`,
    noShowLine: 'The teacher did not attend — refunded in full',
    cancelledByYou: 'Cancelled by you · ',
    refundNotice: `1 hour went back to your subscription and ${kwd(2.5, 'en')} to your wallet for the lesson with ${TEACHER.en}`,
    noShowNotice: [`${TEACHER.en} did not join your lesson on`, 'so it was cancelled and you got a full refund.'],
  },
} as const;

let server: OwnServer;
let browser: Browser;
let student: TokenPair;
beforeAll(async () => {
  [server, browser] = await Promise.all([startOwnServer(), launchBrowser()]);
  student = await logInApi(server.url, DEMO_STUDENT);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function studentPage(lang: 'ar' | 'en'): Promise<Page> {
  const page = await newPage(browser, {
    baseURL: server.url,
    viewport: SCREENS[lang],
    isMobile: lang === 'ar',
    timezoneId: ZONE,
    locale: lang === 'ar' ? 'ar-KW' : 'en-US',
  });
  await signInContext(page, student);
  return page;
}

describe('a lesson paid with an hour and money, and what became of it', () => {
  for (const lang of ['ar', 'en'] as const) {
    const texts = TEXTS[lang];

    it(`the cards name every source: taught, a teacher no-show, cancelled by the student (${lang})`, async () => {
      const page = await studentPage(lang);
      await page.goto(`/${lang}/reservations?scope=past`);
      const taught = page
        .getByTestId('reservation')
        .filter({ hasText: TEACHER_NAME[lang] })
        .filter({
          has: page.getByTestId('reservation-paid-by').getByText(texts.paidBy, { exact: true }),
        });
      await taught.first().waitFor({ timeout: 30_000 });
      expect(await taught.count()).toBe(1);
      await taught.scrollIntoViewIfNeeded();
      await screenshot(page, `split-paid-past-${lang}`);

      await page.goto(`/${lang}/reservations?scope=cancelled`);
      const cards = page.getByTestId('reservation').filter({ hasText: TEACHER_NAME[lang] });
      await cards.first().waitFor({ timeout: 30_000 });
      const split = cards.filter({
        has: page.getByTestId('reservation-paid-by').getByText(texts.paidBy, { exact: true }),
      });
      expect(await split.count()).toBe(2);
      // The no-show: cancelled by the system, refunded in full.
      const noShow = split.filter({ hasText: texts.noShowLine });
      expect(await noShow.count()).toBe(1);
      // The student's own cancellation, who then when (a dash in Arabic: "·" beside ٠ read as a zero).
      const byYou = split.filter({ has: page.getByTestId('cancelled-by').getByText(texts.cancelledByYou) });
      expect(await byYou.count()).toBe(1);
      expect(await byYou.getByTestId('cancelled-by').textContent()).toMatch(new RegExp(`^${texts.cancelledByYou}`));
      await noShow.scrollIntoViewIfNeeded();
      await screenshot(page, `split-paid-cancelled-${lang}`);
      await page.context().close();
    });

    it(`the notices speak to the student and name the hour, the money and the teacher in the page's language (${lang})`, async () => {
      const page = await studentPage(lang);
      await page.goto(`/${lang}/notifications`);
      const refund = page.getByText(texts.refundNotice);
      await refund.waitFor({ timeout: 30_000 });
      const noShow = page.locator('li').filter({ hasText: texts.noShowNotice[0] });
      expect(await noShow.count()).toBe(1);
      expect(await noShow.textContent()).toContain(texts.noShowNotice[1]);
      // Only the page's spelling of the teacher's name.
      const other = lang === 'ar' ? TEACHER_NAME.en : TEACHER_NAME.ar;
      expect(await page.locator('main').textContent()).not.toContain(other);
      await screenshot(page, `split-paid-notifications-${lang}`);
      await page.context().close();
    });
  }
});

/** A poppler tool's output (pdftotext, pdfinfo: Debian's poppler-utils, which `.ci/run` installs). */
function poppler(tool: 'pdftotext' | 'pdfinfo', args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException;
    if (failure.code === 'ENOENT') throw new Error(`${tool} is missing: apt-get install poppler-utils`);
    throw error;
  }
}

const RECEIPT_TEXTS = {
  ar: {
    title: 'إيصال',
    issued: 'التاريخ',
    lesson: 'حصة مع',
    wallet: 'محفظة أستاذ',
    billedTo: 'صادر باسم',
    footer: 'روابط سريعة',
  },
  en: {
    title: 'Receipt',
    issued: 'Date',
    lesson: 'Lesson with',
    wallet: 'Ustaz wallet',
    billedTo: 'Billed to',
    footer: 'Quick links',
  },
} as const;

/**
 * Issue 34: the receipt of the demo student's taught split-paid lesson, opened from its card, and
 * the same receipt printed to PDF by Chromium: one A4 page without the site's bars, whose text,
 * turned back into text by pdftotext, reads as the page does (Arabic words in order, not in pieces).
 */
describe('the receipt of a lesson paid with an hour and money (issue 34)', () => {
  for (const lang of ['ar', 'en'] as const) {
    const texts = RECEIPT_TEXTS[lang];

    it(`opens from the lesson's card, names both sources, and prints to one A4 page whose text reads right (${lang})`, async () => {
      const page = await studentPage(lang);
      await page.goto(`/${lang}/reservations?scope=past`);
      const taught = page
        .getByTestId('reservation')
        .filter({ hasText: TEACHER_NAME[lang] })
        .filter({ has: page.getByTestId('reservation-paid-by').getByText(TEXTS[lang].paidBy, { exact: true }) });
      await taught.first().waitFor({ timeout: 30_000 });
      await taught.getByTestId('reservation-receipt').click();
      await page.waitForURL(/\/receipts\/lesson-\d+$/);
      const sheet = page.getByTestId('receipt');
      await sheet.waitFor({ timeout: 30_000 });
      expect(await sheet.getByRole('heading', { level: 1 }).textContent()).toBe(texts.title);
      const lines = (await sheet.getByTestId('receipt-lines').textContent()) ?? '';
      expect(lines).toContain(`${texts.lesson} ${TEACHER_NAME[lang]}`);
      const paidWith = (await sheet.getByTestId('receipt-paid-with').textContent()) ?? '';
      expect(paidWith).toContain(texts.wallet);
      expect(paidWith).toContain(kwd(2.5, lang));
      const total = (await sheet.getByTestId('receipt-total').textContent()) ?? '';
      await screenshot(page, `receipt-${lang}`);

      // Printed as a returning reader sees it: Cairo cached, so the screen uses it (font-display:
      // optional keeps a first visit on the system font), and the print style must replace it.
      await page.reload();
      await sheet.waitFor({ timeout: 30_000 });
      expect(await page.evaluate(async () => (await document.fonts.ready).check('16px "Cairo Variable"', 'حصة'))).toBe(
        true,
      );
      mkdirSync(artifactsDir, { recursive: true });
      const pdfPath = path.join(artifactsDir, `receipt-${lang}.pdf`);
      await page.emulateMedia({ media: 'print' });
      await page.pdf({ path: pdfPath, format: 'A4', printBackground: true });
      expect(poppler('pdfinfo', [pdfPath])).toMatch(/^Pages:\s+1$/m);
      const text = poppler('pdftotext', ['-raw', pdfPath, '-']);
      // Whole words as written (pdftotext writes a line's Arabic words left to right, so a phrase is
      // checked word by word): a variable font's PDF glyphs read back in pieces ("التار يخ"), which
      // the print style's static fonts avoid; the teacher's name and the total's digits as on the page.
      for (const word of [
        texts.title,
        texts.issued,
        ...texts.lesson.split(' '),
        ...texts.billedTo.split(' '),
        ...TEACHER_NAME[lang].split(' '),
      ]) {
        expect(text, word).toContain(word);
      }
      expect(text).toContain(texts.wallet.split(' ')[0]);
      const digits = total.match(/[0-9٠-٩][0-9٠-٩.٫,٬]*/)?.[0] ?? 'no total';
      expect(text).toContain(digits);
      expect(text).toContain('student@ustaz.example');
      // The site's bars are not printed.
      expect(text).not.toContain(texts.footer);
      await page.context().close();
    });
  }
});
