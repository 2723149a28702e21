import { PUSH_KINDS } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import { notificationPush, PUSHED_NOTIFICATION_KINDS } from './push-texts.ts';

/**
 * The pushes of the weekly habit's notices (issue 32): in the reader's language and zone, each to
 * the reader's page (the student's reservations, the teacher's schedule, the wallet to top up).
 */
// 15:00 UTC on a winter day: 18:00 in Kuwait, 15:00 in London.
const START = '2027-01-10T15:00:00.000Z';
const OLD_START = '2027-01-08T09:00:00.000Z';
const DEADLINE = '2027-01-09T15:00:00.000Z';
const arabicKuwait = { language: 'ar', timeZone: null } as const;
const englishLondon = { language: 'en', timeZone: 'Europe/London' } as const;

const push = (type: string, data: Record<string, unknown>, reader: typeof arabicKuwait | typeof englishLondon) =>
  notificationPush({ id: 7, type, data }, reader);

describe('weekly-habit pushes (issue 32)', () => {
  it('pushes every weekly notice under a kind the settings have a switch for', () => {
    const weekly = [
      'booking.rescheduled',
      'reservation.proposal',
      'reservation.proposalAccepted',
      'reservation.proposalDeclined',
      'standing.chargeFailed',
      'standing.released',
    ];
    for (const type of weekly) expect(PUSH_KINDS).toContain(PUSHED_NOTIFICATION_KINDS[type]);
    expect(PUSHED_NOTIFICATION_KINDS['standing.released']).toBe('cancellation');
  });

  it('a move: to the student in Arabic in Kuwait time, to the teacher in English in London time', () => {
    const data = { reservationId: 41, by: 'student', oldStartTime: OLD_START, startTime: START };
    expect(push('booking.rescheduled', { ...data, teacherName: 'Huda Saleh' }, arabicKuwait)).toEqual({
      kind: 'booking',
      title: 'تغيّر موعد الدرس',
      body: 'الدرس مع Huda Saleh يبدأ الآن الأحد، ١٠ يناير، ٦:٠٠ م.',
      url: '/ar/reservations',
      tag: 'moved-41',
    });
    expect(push('booking.rescheduled', { ...data, studentName: 'Omar Ali' }, englishLondon)).toEqual({
      kind: 'booking',
      title: 'Lesson moved',
      body: 'The lesson with Omar Ali now starts Sun 10 Jan, 15:00.',
      url: '/en/schedule',
      tag: 'moved-41',
    });
  });

  it("a proposal names the teacher and the proposed time; the student's answer goes to the teacher's schedule", () => {
    const proposal = push(
      'reservation.proposal',
      { reservationId: 5, proposalId: 9, startTime: OLD_START, proposedStartTime: START, teacherName: 'Huda' },
      englishLondon,
    );
    expect(proposal).toMatchObject({
      kind: 'booking',
      title: 'New time proposed',
      body: 'Huda proposes a new time: Sun 10 Jan, 15:00. Accept or decline it.',
      url: '/en/reservations',
      tag: 'notification-7',
    });
    const accepted = push(
      'reservation.proposalAccepted',
      { reservationId: 5, proposalId: 9, startTime: START, oldStartTime: OLD_START, studentName: 'عمر' },
      arabicKuwait,
    );
    // The same tag as the move it caused: on the teacher's device the answer replaces the move.
    expect(accepted).toEqual({
      kind: 'booking',
      title: 'قُبل الموعد الجديد',
      body: 'قبل عمر الموعد الجديد: يبدأ الدرس الأحد، ١٠ يناير، ٦:٠٠ م.',
      url: '/ar/schedule',
      tag: 'moved-5',
    });
    const declined = push(
      'reservation.proposalDeclined',
      { reservationId: 5, proposalId: 9, startTime: OLD_START, studentName: 'Omar' },
      englishLondon,
    );
    expect(declined).toMatchObject({
      title: 'New time declined',
      body: 'Omar declined the new time; the lesson on Fri 8 Jan, 9:00 stays as booked.',
      url: '/en/schedule',
      tag: 'notification-7',
    });
  });

  it('a failed weekly charge: the shortfall in KWD with 3 decimals and the deadline, to the wallet', () => {
    const data = {
      reservationId: 3,
      teacherName: 'Huda',
      startTime: START,
      amount: '12.500',
      short: '2.250',
      deadline: DEADLINE,
    };
    expect(push('standing.chargeFailed', data, englishLondon)).toEqual({
      kind: 'booking',
      title: 'Top up for your weekly lesson',
      body: 'Your balance is KWD\u00a02.250 short for the lesson on Sun 10 Jan, 15:00. Top up before Sat 9 Jan, 15:00.',
      url: '/en/profile#wallet-title',
      tag: 'notification-7',
    });
    const arabic = push('standing.chargeFailed', data, arabicKuwait);
    expect(arabic?.title).toBe('اشحن محفظتك لدرسك الأسبوعي');
    expect(arabic?.body).toContain('٢٫٢٥٠');
    expect(arabic?.body).toContain('الأحد، ١٠ يناير، ٦:٠٠ م');
    expect(arabic?.body).toContain('اشحن قبل السبت، ٩ يناير، ٦:٠٠ م.');
    expect(arabic?.body).toContain('د.ك.');
    expect(arabic?.url).toBe('/ar/profile#wallet-title');
  });

  it('a release: a cancellation, to each party their page', () => {
    const data = { reservationId: 3, startTime: START };
    expect(push('standing.released', { ...data, teacherName: 'Huda' }, englishLondon)).toEqual({
      kind: 'cancellation',
      title: 'Weekly lesson released',
      body: 'The lesson with Huda (Sun 10 Jan, 15:00) was not paid in time and was released.',
      url: '/en/reservations',
      tag: 'notification-7',
    });
    expect(push('standing.released', { ...data, studentName: 'عمر' }, arabicKuwait)).toMatchObject({
      kind: 'cancellation',
      title: 'أُلغي الدرس الأسبوعي',
      body: 'الدرس مع عمر (الأحد، ١٠ يناير، ٦:٠٠ م) لم يُدفع في موعده فأُلغي.',
      url: '/ar/schedule',
    });
  });
});
