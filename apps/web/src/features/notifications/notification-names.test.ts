import type { AppNotification } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import { translate } from '../../shared/i18n/translate.ts';
import { formatLessonMoment } from '../../shared/lib/dates/formats.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { createTestI18n } from '../../shared/test/test-i18n.ts';
import { describeNotification } from './notification-content.ts';

const START = '2026-03-14T15:00:00.000Z';

function notice(type: string, data: Record<string, unknown>): AppNotification {
  return { id: 1, type, data, readAt: null, createdAt: '2026-03-10T09:00:00.000Z' };
}

/** The body as the reader sees it, in `language`, with bidi isolation marks removed. */
async function bodyOf(notification: AppNotification, language: 'ar' | 'en') {
  const { i18n, missing } = await createTestI18n(language);
  const content = describeNotification(notification, language);
  if (!('key' in content.body)) throw new Error('a user text');
  const text = translate(i18n.t, content.body.key, { ns: 'notifications', ...content.body.values });
  return { text: text.replace(/[\u2066-\u2069]/g, ''), missing, to: content.to };
}

describe('notifications name the other party and the lesson time (issue 17)', () => {
  for (const language of ['en', 'ar'] as const) {
    const date = formatLessonMoment(START, language);

    it(`a cancellation names the teacher and the start (${language})`, async () => {
      const { text, missing } = await bodyOf(
        notice('booking.cancelled', {
          reservationId: 4,
          by: 'teacher',
          teacherName: 'Mona Al-Sabah',
          startTime: START,
        }),
        language,
      );
      expect(text).toContain('Mona Al-Sabah');
      expect(text).toContain(date);
      expect(missing).toEqual([]);
    });

    it(`a refund says how much and where: the wallet, or hours to the subscription (${language})`, async () => {
      const wallet = await bodyOf(
        notice('booking.refunded', {
          reservationId: 4,
          teacherName: 'Mona Al-Sabah',
          startTime: START,
          to: 'wallet',
          amount: '5.000',
          hours: 0,
        }),
        language,
      );
      expect(wallet.text).toContain(formatKwd('5.000', language));
      expect(wallet.text).toContain('Mona Al-Sabah');
      expect(wallet.to).toBe('/profile#wallet-title');
      const hours = await bodyOf(
        notice('booking.refunded', { reservationId: 4, to: 'subscription', amount: '0.000', hours: 2 }),
        language,
      );
      expect(hours.text).toMatch(language === 'ar' ? /ساعتان/ : /2 hours/);
      expect(hours.to).toBe('/subscriptions');
      expect([...wallet.missing, ...hours.missing]).toEqual([]);
    });

    it(`hours given back take the number's plural form (${language})`, async () => {
      const text = async (hours: number) =>
        (
          await bodyOf(
            notice('booking.refunded', { reservationId: 4, to: 'subscription', amount: '0.000', hours }),
            language,
          )
        ).text;
      if (language === 'ar') {
        expect(await text(1)).toContain('أُعيدت ساعة واحدة إلى');
        expect(await text(2)).toContain('أُعيدت ساعتان إلى');
        expect(await text(3)).toContain('أُعيدت ٣ ساعات إلى');
        expect(await text(11)).toContain('أُعيدت ١١ ساعة إلى');
        expect(await text(1.5)).toContain('أُعيدت ١٫٥ ساعة إلى');
      } else {
        expect(await text(1)).toContain('1 hour went back');
        expect(await text(2)).toContain('2 hours went back');
        expect(await text(1.5)).toContain('1.5 hours went back');
      }
    });

    it(`a completed lesson and a review request name the student or the teacher (${language})`, async () => {
      const completed = await bodyOf(
        notice('lesson.completed', { reservationId: 4, studentName: 'Fahad Al-Kandari', startTime: START }),
        language,
      );
      expect(completed.text).toContain('Fahad Al-Kandari');
      expect(completed.text).toContain(date);
      const review = await bodyOf(
        notice('review.requested', { reservationId: 4, teacherName: 'Mona Al-Sabah', startTime: START }),
        language,
      );
      expect(review.text).toContain('Mona Al-Sabah');
      expect(review.text).toContain(date);
    });
  }

  it('older notifications without names keep their plain text', async () => {
    const { text } = await bodyOf(notice('booking.cancelled', { reservationId: 4, by: 'student' }), 'en');
    expect(text).toBe('The student cancelled the lesson.');
  });
});

describe('a confirmation states the cancellation terms by the one rule (issue 30 item 4)', () => {
  const start = '2026-03-10T12:00:00.000Z';
  for (const language of ['en', 'ar'] as const) {
    const date = formatLessonMoment(start, language);
    const closed = language === 'en' ? 'cannot be cancelled' : 'فلا يمكن إلغاؤه';
    const free = language === 'en' ? 'free of charge until' : 'مجاناً حتى';

    it(`under 24 hours: it cannot be cancelled, never "free until" a past time (${language})`, async () => {
      const data = { reservationIds: [4], teacherName: 'Mona Al-Sabah', startTime: start };
      // As the server writes it now, and as it wrote it before (a deadline 21 hours before the notice).
      for (const terms of [{ cancellable: false }, { cancelDeadline: '2026-03-09T12:00:00.000Z' }]) {
        const { text, missing } = await bodyOf(notice('booking.confirmed', { ...data, ...terms }), language);
        expect(text).toContain(date);
        expect(text).toContain(closed);
        expect(text).not.toContain(free);
        expect(missing).toEqual([]);
      }
    });

    it(`over 24 hours: free cancellation until 24 hours before the start (${language})`, async () => {
      const later = '2026-03-14T15:00:00.000Z';
      const { text } = await bodyOf(
        notice('booking.confirmed', {
          reservationIds: [4],
          teacherName: 'Mona Al-Sabah',
          startTime: later,
          cancelDeadline: '2026-03-13T15:00:00.000Z',
        }),
        language,
      );
      expect(text).toContain(`${free} ${formatLessonMoment('2026-03-13T15:00:00.000Z', language)}`);
      expect(text).not.toContain(closed);
    });
  }
});

describe('a teacher no-show notice addresses its reader (issue 30 item 9)', () => {
  const start = '2026-03-10T12:00:00.000Z';
  for (const language of ['en', 'ar'] as const) {
    const date = formatLessonMoment(start, language);

    it(`the student reads that they got the full refund, naming the teacher (${language})`, async () => {
      const { text, missing } = await bodyOf(
        notice('lesson.teacherNoShow', { reservationId: 4, teacherName: 'Mona Al-Sabah', startTime: start }),
        language,
      );
      expect(text).toContain('Mona Al-Sabah');
      expect(text).toContain(date);
      expect(text).toContain(language === 'en' ? 'you got a full refund' : 'أُعيد إليك المبلغ كاملًا');
      expect(text).not.toContain(language === 'en' ? 'the student' : 'الطالب');
      expect(missing).toEqual([]);
    });

    it(`the teacher reads which student got the refund (${language})`, async () => {
      const { text } = await bodyOf(
        notice('lesson.teacherNoShow', { reservationId: 4, studentName: 'Fahad Al-Ali', startTime: start }),
        language,
      );
      expect(text).toContain(language === 'en' ? 'Fahad Al-Ali got a full refund' : 'المبلغ كاملًا إلى Fahad Al-Ali');
      expect(text).not.toContain(language === 'en' ? 'you got' : 'إليك');
    });

    it(`an older notice without names names nobody wrongly (${language})`, async () => {
      const { text } = await bodyOf(notice('lesson.teacherNoShow', { reservationId: 4 }), language);
      expect(text).not.toContain(language === 'en' ? 'the student' : 'الطالب');
    });
  }
});

describe('a refund notice names every source (issue 30 item 10)', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`hours and wallet money both, and the gateway it was paid with (${language})`, async () => {
      const about = { reservationId: 4, teacherName: 'Mona Al-Sabah', startTime: START };
      const split = await bodyOf(
        notice('booking.refunded', {
          ...about,
          to: 'subscription',
          hours: 1,
          amount: '2.500',
          paidWith: 'subscription',
        }),
        language,
      );
      expect(split.text).toContain(formatKwd('2.500', language));
      expect(split.text).toContain(
        language === 'en' ? '1 hour went back to your subscription' : 'ساعة واحدة إلى اشتراكك',
      );
      expect(split.missing).toEqual([]);
      const gateway = await bodyOf(
        notice('booking.refunded', { ...about, to: 'wallet', hours: 0, amount: '12.000', paidWith: 'payzah' }),
        language,
      );
      expect(gateway.text).toContain(formatKwd('12.000', language));
      expect(gateway.text).toContain(language === 'en' ? 'K-Net' : 'كي نت');
    });
  }
});
