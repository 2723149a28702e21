import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppNotification } from '@ustaz/contract';
import type { Language } from '@ustaz/contract/constants';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/notifications.json';
import en from '../../../public/locales/en/notifications.json';
import { formatKwd } from '../../shared/lib/format.ts';
import { realtimeEvents } from '../../shared/realtime/realtime-events.ts';
import { signedIn } from '../../shared/test/auth-test-data.ts';
import { type ApiAnswer, type ApiRoute, mockApi, ok } from '../../shared/test/mock-api.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { AppToaster } from '../../shared/ui/toast.tsx';
import { NOTIFICATION_COUNT_QUERY_KEY } from './api/notification-count.ts';
import { lessonMoment } from './notification-content.ts';
import { NOW, notification, notificationsPage } from './notification-test-data.ts';
import { NotificationsPage } from './notifications-page.tsx';

const ZONE = 'Asia/Kuwait';
const LIST = 'GET /api/notifications';

async function renderPage({ language = 'en', path = '/notifications' }: { language?: Language; path?: string } = {}) {
  return renderAppRoute(
    <>
      <NotificationsPage now={NOW} timeZone={ZONE} />
      <AppToaster />
    </>,
    { language, path, pattern: '/notifications', auth: signedIn() },
  );
}

function list(route: ApiRoute, more: Record<string, ApiRoute> = {}) {
  return mockApi({ [LIST]: route, ...more });
}

function items() {
  return screen.getAllByTestId('notification');
}

function texts(item: HTMLElement) {
  return [
    within(item).getByTestId('notification-title').textContent,
    within(item).getByTestId('notification-body').textContent,
  ];
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('NotificationsPage states', () => {
  it('shows a skeleton, then the list of page 1 with 10 a page', async () => {
    let answer: (value: ApiAnswer) => void = () => {};
    const api = list(() => new Promise((resolve) => (answer = resolve)));
    const { missing } = await renderPage();
    expect(await screen.findByTestId('notifications-loading')).toBeTruthy();
    answer(ok(notificationsPage([notification(), notification({ readAt: '2026-03-10T08:58:00.000Z' })])));
    await waitFor(() => expect(items()).toHaveLength(2));
    const search = api.callsTo(LIST)[0]?.search;
    expect([search?.get('page'), search?.get('limit'), search?.get('userId')]).toEqual(['1', '10', '9']);
    expect(screen.getByRole('heading', { level: 1, name: en.title })).toBeTruthy();
    expect(screen.getByTestId('notifications-summary').textContent).toBe('1 unread notification');
    expect(missing).toEqual([]);
  });

  it('shows the empty state without the mark-all button', async () => {
    list(ok(notificationsPage([])));
    await renderPage();
    expect(await screen.findByRole('heading', { name: en.empty.title })).toBeTruthy();
    expect(screen.getByText(en.empty.body)).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.markAllAsRead })).toBeNull();
  });

  it('shows an error with a retry that loads the list', async () => {
    const answers = [
      { status: 500, body: { status: 500, message: 'Internal error' } },
      ok(notificationsPage([notification()])),
    ];
    list(() => answers.shift() ?? ok(notificationsPage([])));
    await renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(en.errorTitle)).toBeTruthy();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(screen.queryByTestId('notifications-error')).toBeNull();
  });

  it('marks unread ones for the eye and for screen readers', async () => {
    list(ok(notificationsPage([notification(), notification({ readAt: '2026-03-10T08:58:00.000Z' })])));
    await renderPage();
    await waitFor(() => expect(items()).toHaveLength(2));
    const [unread, read] = items();
    expect(unread?.dataset.unread).toBe('true');
    expect(within(unread as HTMLElement).getByText(en.unread)).toBeTruthy();
    expect(read?.dataset.unread).toBeUndefined();
    expect(within(read as HTMLElement).queryByText(en.unread)).toBeNull();
  });
});

/** One notification of every type, with what it should say in each language. */
function everyType(language: Language): [AppNotification, string, string][] {
  const kwd = (amount: string) => formatKwd(amount, language) ?? '';
  const isolated = (name: string) => `\u2068${name}\u2069`;
  const rows: [AppNotification, [string, string], [string, string]][] = [
    [
      notification({ type: 'booking.confirmed', data: { reservationIds: [1] } }),
      ['Booking confirmed', 'Your lesson is booked and confirmed.'],
      ['تم تأكيد الحجز', 'تم حجز درسك وتأكيده.'],
    ],
    [
      notification({ type: 'booking.confirmed', data: { reservationIds: [1, 2, 3] } }),
      ['Booking confirmed', 'Your 3 lessons are booked and confirmed.'],
      ['تم تأكيد الحجز', 'تم حجز ٣ دروس وتأكيدها.'],
    ],
    [
      notification({
        type: 'booking.confirmed',
        data: {
          reservationIds: [1],
          teacherName: 'Mona Al-Sabah',
          startTime: '2099-03-14T15:00:00.000Z',
          cancelDeadline: '2099-03-13T15:00:00.000Z',
        },
      }),
      [
        'Booking confirmed',
        `Your lesson with ${isolated('Mona Al-Sabah')} on ${lessonMoment('2099-03-14T15:00:00.000Z', 'en')} is confirmed. You can cancel it free of charge until ${lessonMoment('2099-03-13T15:00:00.000Z', 'en')}.`,
      ],
      [
        'تم تأكيد الحجز',
        `تم تأكيد درسك مع ${isolated('Mona Al-Sabah')} يوم ${lessonMoment('2099-03-14T15:00:00.000Z', 'ar')}. يمكنك إلغاؤه مجاناً حتى ${lessonMoment('2099-03-13T15:00:00.000Z', 'ar')}.`,
      ],
    ],
    [
      notification({
        type: 'booking.confirmed',
        data: { reservationIds: [1, 2], teacherName: 'Mona Al-Sabah', startTime: '2099-03-14T15:00:00.000Z' },
      }),
      [
        'Booking confirmed',
        `Your 2 lessons with ${isolated('Mona Al-Sabah')} are confirmed, the first on ${lessonMoment('2099-03-14T15:00:00.000Z', 'en')}.`,
      ],
      [
        'تم تأكيد الحجز',
        `تم تأكيد درسيك مع ${isolated('Mona Al-Sabah')}، أولهما يوم ${lessonMoment('2099-03-14T15:00:00.000Z', 'ar')}.`,
      ],
    ],
    [
      notification({
        type: 'booking.received',
        data: { reservationIds: [1], studentName: 'Fahad Al-Ali', startTime: '2099-03-14T15:00:00.000Z' },
      }),
      [
        'New booking',
        `${isolated('Fahad Al-Ali')} booked a lesson with you on ${lessonMoment('2099-03-14T15:00:00.000Z', 'en')}.`,
      ],
      ['حجز جديد', `حجز ${isolated('Fahad Al-Ali')} درساً معك يوم ${lessonMoment('2099-03-14T15:00:00.000Z', 'ar')}.`],
    ],
    [
      notification({ type: 'booking.received', data: { reservationIds: [1, 2] } }),
      ['New booking', 'A student booked 2 lessons with you.'],
      ['حجز جديد', 'حجز طالب درسين معك.'],
    ],
    [
      notification({ type: 'booking.cancelled', data: { reservationId: 1, by: 'teacher' } }),
      ['Lesson cancelled', 'The teacher cancelled your lesson.'],
      ['تم إلغاء درس', 'ألغى المعلم درسك.'],
    ],
    [
      notification({ type: 'booking.cancelled', data: { reservationId: 1, by: 'student' } }),
      ['Lesson cancelled', 'The student cancelled the lesson.'],
      ['تم إلغاء درس', 'ألغى الطالب الدرس.'],
    ],
    [
      notification({ type: 'booking.cancelled', data: { reservationId: 1, by: 'admin' } }),
      ['Lesson cancelled', 'The support team cancelled the lesson.'],
      ['تم إلغاء درس', 'ألغى فريق الدعم الدرس.'],
    ],
    [
      notification({ type: 'payment.paid', data: { paymentId: 'p1', purpose: 'top_up', amount: '20.000' } }),
      ['Payment received', `${kwd('20.000')} was added to your wallet.`],
      ['تم استلام الدفعة', `أُضيف ${kwd('20.000')} إلى محفظتك.`],
    ],
    [
      notification({ type: 'payment.failed', data: { paymentId: 'p2', purpose: 'booking' } }),
      ['Payment failed', "The payment for your booking didn't go through, so the lesson wasn't booked."],
      ['فشلت عملية الدفع', 'لم تكتمل عملية الدفع لحجزك، لذلك لم يتم حجز الدرس.'],
    ],
    [
      notification({ type: 'payment.creditedToWallet', data: { paymentId: 'p3', amount: '12.5' } }),
      [
        'Added to your wallet',
        `The booking couldn't be completed, so your payment of ${kwd('12.5')} went to your wallet balance.`,
      ],
      ['أُضيف المبلغ إلى محفظتك', `تعذّر إتمام الحجز، لذلك أُضيفت دفعتك بقيمة ${kwd('12.5')} إلى رصيد محفظتك.`],
    ],
    [
      notification({ type: 'subscription.activated', data: { subscriptionId: 3 } }),
      ['Subscription active', 'Your package is active. You can now book lessons with its hours.'],
      ['تم تفعيل الاشتراك', 'باقتك مفعّلة الآن، ويمكنك حجز الدروس بساعاتها.'],
    ],
    [
      notification({ type: 'lesson.completed', data: { reservationId: 1 } }),
      [
        'Lesson completed',
        'A lesson is complete. Its earning is added to your balance 24 hours after the end, unless a problem is reported.',
      ],
      ['اكتمل الدرس', 'اكتمل أحد الدروس. تُضاف أرباحه إلى رصيدك بعد ٢٤ ساعة من نهايته ما لم يُبلَّغ عن مشكلة.'],
    ],
    [
      notification({ type: 'lesson.teacherNoShow', data: { reservationId: 1 } }),
      [
        'Lesson cancelled: the teacher did not join',
        'The teacher did not join within 15 minutes of the start, so the lesson was cancelled and refunded in full.',
      ],
      ['أُلغي الدرس: لم يحضر المعلّم', 'لم يدخل المعلّم الدرس خلال ١٥ دقيقة من بدايته، فأُلغي الدرس وأُعيد المبلغ كاملًا.'],
    ],
    [
      notification({ type: 'dispute.resolved', data: { reservationId: 1, outcome: 'refund', amount: '2.500' } }),
      [
        'Lesson problem decided',
        `We decided on the problem reported on your lesson: ${kwd('2.500')} refunded to the student.`,
      ],
      ['صدر القرار في مشكلة الدرس', `صدر قرارنا في المشكلة المبلَّغ عنها في درسك: استرداد ${kwd('2.500')} للطالب.`],
    ],
    [
      notification({
        type: 'message.new',
        data: { conversationId: 3, senderId: 42, senderName: 'Mona Al-Sabah', preview: 'مرحبا، هل الدرس غداً؟' },
      }),
      [`New message from ${isolated('Mona Al-Sabah')}`, 'مرحبا، هل الدرس غداً؟'],
      [`رسالة جديدة من ${isolated('Mona Al-Sabah')}`, 'مرحبا، هل الدرس غداً؟'],
    ],
    [
      notification({ type: 'message.new', data: { conversationId: 3, senderId: 42, senderName: '', preview: '' } }),
      ['New message', 'Sent you an attachment.'],
      ['رسالة جديدة', 'أرسل إليك مرفقاً.'],
    ],
    [
      notification({ type: 'review.new', data: { reviewId: 4, rating: 5, authorName: 'Fahad' } }),
      ['New review', `${isolated('Fahad')} rated you 5 out of 5.`],
      ['تقييم جديد', `قيّمك ${isolated('Fahad')} بـ ٥ من ٥.`],
    ],
    [
      notification({ type: 'review.requested', data: { reservationId: 12, teacherName: 'Mona' } }),
      [
        'How was your lesson?',
        'Rate your lesson and leave a comment: your review is published once both of you have reviewed, or when the time to review ends.',
      ],
      ['كيف كان درسك؟', 'قيّم درسك واترك تعليقًا: يُنشر تقييمك بعد أن يقيّم كلاكما، أو عند انتهاء مهلة التقييم.'],
    ],
    [
      notification({ type: 'wallet.refund', data: { amount: '7.250', transferId: 31 } }),
      ['Refund from support', `Our support team refunded ${kwd('7.250')} to your wallet.`],
      ['استرداد من فريق الدعم', `أعاد فريق الدعم ${kwd('7.250')} إلى محفظتك.`],
    ],
    [
      notification({ type: 'wallet.refund', data: { transferId: 31 } }),
      ['Refund from support', 'Our support team refunded money to your wallet.'],
      ['استرداد من فريق الدعم', 'أعاد فريق الدعم مبلغًا إلى محفظتك.'],
    ],
    [
      notification({ type: 'payout.paid', data: { payoutId: 4, amount: '25.500', bankReference: 'NBK-1' } }),
      ['Payout sent', `We sent ${kwd('25.500')} to your bank account.`],
      ['تم تحويل أرباحك', `حوّلنا ${kwd('25.500')} إلى حسابك البنكي.`],
    ],
    [
      notification({ type: 'payout.rejected', data: { payoutId: 5, reason: 'IBAN closed' } }),
      ['Payout returned', 'Your payout was returned to your earnings.'],
      ['أُعيد طلب السحب', 'أُعيد طلب السحب إلى أرباحك المتاحة.'],
    ],
    [
      notification({ type: 'teacherApplication.approved', data: { applicationId: 3 } }),
      [
        'You are now a teacher',
        'Your application to teach was approved and your profile is listed. Add your available times.',
      ],
      ['أصبحت معلماً على أستاذ', 'تم قبول طلبك للتدريس وملفك ظاهر الآن. أضف مواعيدك المتاحة.'],
    ],
    [
      notification({ type: 'teacherApplication.rejected', data: { applicationId: 4, reason: 'No video' } }),
      ['Application to teach not accepted', `Reason: ${isolated('No video')}. You can apply again.`],
      ['لم يُقبل طلب التدريس', `السبب: ${isolated('No video')}. يمكنك التقديم من جديد.`],
    ],
    [
      notification({ type: 'wallet.somethingNew', data: { anything: true } }),
      ['New notification', "There's an update on your account."],
      ['إشعار جديد', 'هناك تحديث على حسابك.'],
    ],
  ];
  return rows.map(([item, english, arabic]) => [item, ...(language === 'en' ? english : arabic)]);
}

describe('NotificationsPage text', () => {
  it.each(['en', 'ar'] as const)('says what each type means in %s', async (language) => {
    const rows = everyType(language);
    list(ok(notificationsPage(rows.map(([item]) => item))));
    const { missing } = await renderPage({ language });
    await waitFor(() => expect(items()).toHaveLength(rows.length));
    expect(items().map(texts)).toEqual(rows.map(([, title, body]) => [title, body]));
    expect(missing).toEqual([]);
  });

  it('keeps a message preview in its own direction', async () => {
    list(ok(notificationsPage([notification({ type: 'message.new', data: { senderId: 4, preview: 'Hi' } })])));
    await renderPage({ language: 'ar' });
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(screen.getByTestId('notification-body').getAttribute('dir')).toBe('auto');
  });

  it('shows how long ago, then the date for older ones', async () => {
    const rows = [
      notification({ createdAt: '2026-03-10T08:59:40.000Z' }),
      notification({ createdAt: '2026-03-10T08:55:00.000Z' }),
      notification({ createdAt: '2026-03-10T06:00:00.000Z' }),
      notification({ createdAt: '2026-03-09T08:00:00.000Z' }),
      notification({ createdAt: '2026-02-20T09:00:00.000Z' }),
    ];
    list(ok(notificationsPage(rows)));
    await renderPage();
    await waitFor(() => expect(items()).toHaveLength(5));
    const times = items().map((item) => item.querySelector('time'));
    expect(times.map((time) => time?.textContent)).toEqual([
      'now',
      '5 minutes ago',
      '3 hours ago',
      'yesterday',
      'Feb 20, 2026, 12:00 PM',
    ]);
    expect(times[1]?.getAttribute('dateTime')).toBe('2026-03-10T08:55:00.000Z');
    expect(times[1]?.getAttribute('title')).toBe('Mar 10, 2026, 11:55 AM');
  });

  it('shows the time in Arabic', async () => {
    list(ok(notificationsPage([notification({ createdAt: '2026-03-10T08:55:00.000Z' })])));
    await renderPage({ language: 'ar' });
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(screen.getByText('قبل ٥ دقائق')).toBeTruthy();
    expect(screen.getByTestId('notifications-summary').textContent).toBe(ar.unreadSummary_one);
  });
});

describe('NotificationsPage opening a notification', () => {
  it.each([
    [{ type: 'booking.confirmed', data: { reservationIds: [5] } }, '/en/lessons/5', ''],
    [{ type: 'booking.received', data: { reservationIds: [5, 6] } }, '/en/reservations', ''],
    [{ type: 'booking.cancelled', data: { reservationId: 5, by: 'teacher' } }, '/en/reservations', '?scope=cancelled'],
    [{ type: 'lesson.completed', data: { reservationId: 5 } }, '/en/reservations', '?scope=past'],
    [{ type: 'booking.cancelled', data: { reservationId: 5, by: 'admin' } }, '/en/reservations', '?scope=cancelled'],
    [{ type: 'payment.paid', data: { purpose: 'top_up', amount: '5.000' } }, '/en/profile', ''],
    [{ type: 'wallet.refund', data: { amount: '5.000', transferId: 9 } }, '/en/profile', ''],
    [{ type: 'subscription.activated', data: { subscriptionId: 3 } }, '/en/subscriptions', ''],
    [{ type: 'payout.paid', data: { payoutId: 4, amount: '5.000' } }, '/en/earnings', ''],
    [{ type: 'teacherApplication.rejected', data: { applicationId: 4, reason: 'No video' } }, '/en/teach', ''],
    [{ type: 'message.new', data: { senderId: 42, senderName: 'Mona', preview: 'Hi' } }, '/en/chats/42', ''],
    [{ type: 'lesson.teacherNoShow', data: { reservationId: 7 } }, '/en/lessons/7', ''],
    [
      { type: 'dispute.opened', data: { reservationId: 7, disputeId: 2, reason: 'technical' } },
      '/en/admin/disputes',
      '',
    ],
    [{ type: 'dispute.opened', data: { reservationId: 7, disputeId: 2 } }, '/en/reservations', ''],
    [
      { type: 'dispute.resolved', data: { reservationId: 7, outcome: 'refund', amount: '2.500' } },
      '/en/reservations',
      '',
    ],
  ])('marks it read and goes where it belongs (%o)', async (fields, pathname, search) => {
    const item = notification(fields);
    const api = list(ok(notificationsPage([item], { unreadCount: 4 })), {
      [`PATCH /api/notifications/${item.id}/mark-as-read`]: ok({ ...item, readAt: NOW.toISOString() }),
    });
    const { router } = await renderPage();
    await waitFor(() => expect(items()).toHaveLength(1));
    await userEvent.setup().click(items()[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
    expect(router.state.location.search).toBe(search);
    await waitFor(() => expect(api.callsTo(`PATCH /api/notifications/${item.id}/mark-as-read`)).toHaveLength(1));
  });

  it('sends payments to the wallet on the profile', async () => {
    const item = notification({ type: 'payment.failed', data: { purpose: 'top_up' } });
    list(ok(notificationsPage([item])), {
      [`PATCH /api/notifications/${item.id}/mark-as-read`]: ok({ ...item, readAt: NOW.toISOString() }),
    });
    const { router } = await renderPage();
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(items()[0]?.getAttribute('href')).toBe('/en/profile#wallet-title');
    await userEvent.setup().click(items()[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.hash).toBe('#wallet-title'));
  });

  it('does not mark an already read one again', async () => {
    const item = notification({ readAt: '2026-03-10T08:58:00.000Z' });
    const api = list(ok(notificationsPage([item])));
    const { router } = await renderPage();
    await waitFor(() => expect(items()).toHaveLength(1));
    await userEvent.setup().click(items()[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/lessons/5'));
    expect(api.calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('marks an unknown type read in place, and lowers the unread count on screen', async () => {
    const item = notification({ type: 'something.else', data: {} });
    let markedRead = false;
    const api = list(() => ok(notificationsPage([markedRead ? { ...item, readAt: NOW.toISOString() } : item])), {
      [`PATCH /api/notifications/${item.id}/mark-as-read`]: () => {
        markedRead = true;
        return ok({ ...item, readAt: NOW.toISOString() });
      },
    });
    const { router, queryClient } = await renderPage();
    queryClient.setQueryData([...NOTIFICATION_COUNT_QUERY_KEY, 9], 1);
    await waitFor(() => expect(items()).toHaveLength(1));
    const button = screen.getByRole('button', { name: /New notification/ });
    await userEvent.setup().click(button);
    await waitFor(() => expect(items()[0]?.dataset.unread).toBeUndefined());
    expect(queryClient.getQueryData([...NOTIFICATION_COUNT_QUERY_KEY, 9])).toBe(0);
    expect(screen.getByTestId('notifications-summary').textContent).toBe(en.unreadSummary_zero);
    expect(router.state.location.pathname).toBe('/en/notifications');
    expect(api.callsTo(`PATCH /api/notifications/${item.id}/mark-as-read`)).toHaveLength(1);
  });
});

describe('NotificationsPage mark all as read', () => {
  it('marks every one read and disables itself', async () => {
    const rows = [notification(), notification(), notification({ readAt: '2026-03-10T08:00:00.000Z' })];
    let allRead = false;
    const api = list(
      () => ok(notificationsPage(allRead ? rows.map((row) => ({ ...row, readAt: NOW.toISOString() })) : rows, {})),
      {
        'PATCH /api/notifications/mark-all-as-read': () => {
          allRead = true;
          return ok({ count: 2 });
        },
      },
    );
    const { queryClient } = await renderPage();
    queryClient.setQueryData([...NOTIFICATION_COUNT_QUERY_KEY, 9], 2);
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(screen.getByTestId('notifications-summary').textContent).toBe('2 unread notifications');
    const button = screen.getByRole('button', { name: en.markAllAsRead });
    await userEvent.setup().click(button);
    await waitFor(() => expect(items().filter((item) => item.dataset.unread)).toEqual([]));
    expect(api.callsTo('PATCH /api/notifications/mark-all-as-read')).toHaveLength(1);
    expect(queryClient.getQueryData([...NOTIFICATION_COUNT_QUERY_KEY, 9])).toBe(0);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: en.markAllAsRead }).hasAttribute('disabled')).toBe(true),
    );
    expect(screen.getByTestId('notifications-summary').textContent).toBe(en.unreadSummary_zero);
  });

  it('says so when it fails, and shows the server state again', async () => {
    const rows = [notification()];
    list(ok(notificationsPage(rows)), {
      'PATCH /api/notifications/mark-all-as-read': { status: 500, body: { status: 500, message: 'Internal error' } },
    });
    await renderPage();
    await waitFor(() => expect(items()).toHaveLength(1));
    await userEvent.setup().click(screen.getByRole('button', { name: en.markAllAsRead }));
    expect(await screen.findByText(en.markAllError)).toBeTruthy();
    await waitFor(() => expect(items()[0]?.dataset.unread).toBe('true'));
  });
});

describe('NotificationsPage paging', () => {
  it('pages with the shared pagination, keeping the page in the address', async () => {
    const first = notification();
    const second = notification({ type: 'subscription.activated', data: {} });
    const api = list((call) =>
      call.search.get('page') === '2'
        ? ok(notificationsPage([second], { page: 2, totalPages: 2, total: 11 }))
        : ok(notificationsPage([first], { page: 1, totalPages: 2, total: 11 })),
    );
    const { router } = await renderPage();
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: en.pagination.previous }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: en.pagination.next }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText('Subscription active')).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(api.callsTo(LIST).at(-1)?.search.get('page')).toBe('2');
    await user.click(screen.getByRole('button', { name: en.pagination.previous }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Booking confirmed')).toBeTruthy();
  });

  it('reads the page from the address and moves past-the-end pages to the last', async () => {
    const api = list((call) =>
      ok(notificationsPage([notification()], { page: Number(call.search.get('page')), totalPages: 3, total: 25 })),
    );
    const { router } = await renderPage({ path: '/notifications?page=7' });
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() => expect(api.callsTo(LIST).map((call) => call.search.get('page'))).toEqual(['7', '3']));
  });
});

describe('NotificationsPage live', () => {
  it('puts a notification from the socket first on page 1 and asks the bell to count again', async () => {
    const older = notification({ readAt: '2026-03-10T08:00:00.000Z' });
    list(ok(notificationsPage([older])));
    const { queryClient } = await renderPage();
    queryClient.setQueryData([...NOTIFICATION_COUNT_QUERY_KEY, 9], 0);
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(screen.getByTestId('notifications-summary').textContent).toBe(en.unreadSummary_zero);

    const live = notification({
      type: 'message.new',
      data: { senderId: 42, senderName: 'Mona', preview: 'Are we still on for tomorrow?' },
      createdAt: NOW.toISOString(),
    });
    act(() => realtimeEvents.emit('notification', live));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items()[0]?.textContent).toContain('Are we still on for tomorrow?');
    expect(items()[0]?.dataset.unread).toBe('true');
    expect(screen.getByTestId('notifications-summary').textContent).toBe('1 unread notification');
    expect(queryClient.getQueryState([...NOTIFICATION_COUNT_QUERY_KEY, 9])?.isInvalidated).toBe(true);

    // The same one again (a reconnect) is not shown twice.
    act(() => realtimeEvents.emit('notification', live));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(items()).toHaveLength(2);
  });

  it('keeps page 1 at 10 a page: the oldest of it makes room', async () => {
    const rows = Array.from({ length: 10 }, (_, index) =>
      notification({ type: 'booking.received', data: { reservationIds: Array.from({ length: index + 1 }) } }),
    );
    list(ok(notificationsPage(rows, { page: 1, totalPages: 2, total: 11 })));
    await renderPage();
    await waitFor(() => expect(items()).toHaveLength(10));
    expect(items().at(-1)?.textContent).toContain('A student booked 10 lessons with you.');
    act(() => realtimeEvents.emit('notification', notification({ type: 'review.new', data: { rating: 4 } })));
    await waitFor(() => expect(items()[0]?.textContent).toContain('You were rated 4 out of 5.'));
    expect(items()).toHaveLength(10);
    expect(items().at(-1)?.textContent).toContain('A student booked 9 lessons with you.');
  });

  it('stops listening when the page closes', async () => {
    list(ok(notificationsPage([])));
    const { unmount, queryClient } = await renderPage();
    await screen.findByTestId('notifications-empty');
    unmount();
    act(() => realtimeEvents.emit('notification', notification()));
    expect(queryClient.getQueryData(['notifications', 'list', 1])).toEqual(notificationsPage([]));
  });
});
