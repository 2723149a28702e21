import type { Language, LessonReminderKind, PushKind, PushPayload } from '@ustaz/contract';
import { formatKwd } from '../../mail/templates.ts';
import { LESSONS_PAGE, WALLET_PAGE } from '../../mail/weekly-templates.ts';

/** The marketplace's own zone, for a user whose browser never reported one. */
const FALLBACK_TIME_ZONE = 'Asia/Kuwait';

/** A lesson's start in the reader's language and zone: 'Thu 26 Nov, 18:00' / 'الخميس ٢٦ نوفمبر، ٦:٠٠ م'. */
export function lessonTime(iso: unknown, language: Language, timeZone: string | null): string {
  if (typeof iso !== 'string') return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const zone = timeZone ?? FALLBACK_TIME_ZONE;
  try {
    return new Intl.DateTimeFormat(language === 'ar' ? 'ar-KW' : 'en-GB', {
      timeZone: zone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
    }).format(date);
  } catch {
    return date.toISOString();
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The push texts per language (issue 19); Arabic numbers in Arabic-Indic digits. */
const COPY = {
  ar: {
    message: (name: string) => (name ? `رسالة جديدة من ${name}` : 'رسالة جديدة'),
    booked: (teacher: string) => (teacher ? `تم تأكيد حجزك مع ${teacher}` : 'تم تأكيد حجزك'),
    received: (student: string) => (student ? `حجز جديد من ${student}` : 'لديك حجز جديد'),
    cancelled: 'تم إلغاء درس',
    cancelledBody: (other: string, when: string) =>
      [other ? `الدرس مع ${other}` : 'الدرس', when ? `(${when})` : '', 'أُلغي.'].filter(Boolean).join(' '),
    reviewTitle: 'كيف كان درسك؟',
    reviewBody: (other: string) => (other ? `قيّم درسك مع ${other}.` : 'قيّم درسك.'),
    soonTitle: 'يبدأ درسك بعد ١٠ دقائق',
    dayTitle: 'تذكير: لديك درس قريباً',
    lessonWith: (other: string, when: string) => [other ? `مع ${other}` : '', when].filter(Boolean).join('، '),
  },
  en: {
    message: (name: string) => (name ? `New message from ${name}` : 'New message'),
    booked: (teacher: string) => (teacher ? `Your lesson with ${teacher} is booked` : 'Your lesson is booked'),
    received: (student: string) => (student ? `New booking from ${student}` : 'You have a new booking'),
    cancelled: 'A lesson was cancelled',
    cancelledBody: (other: string, when: string) =>
      [other ? `The lesson with ${other}` : 'The lesson', when ? `(${when})` : '', 'was cancelled.']
        .filter(Boolean)
        .join(' '),
    reviewTitle: 'How was your lesson?',
    reviewBody: (other: string) => (other ? `Rate your lesson with ${other}.` : 'Rate your lesson.'),
    soonTitle: 'Your lesson starts in 10 minutes',
    dayTitle: 'Reminder: you have a lesson coming up',
    lessonWith: (other: string, when: string) => [other ? `with ${other}` : '', when].filter(Boolean).join(', '),
  },
} as const;

/** The weekly habit's push texts (issue 32): a title and a body per notice, naming the other party and the time. */
const WEEKLY_COPY = {
  ar: {
    moved: 'تغيّر موعد الدرس',
    movedBody: (other: string, when: string) => `الدرس مع ${other} يبدأ الآن ${when}.`,
    proposal: 'موعد جديد مقترح',
    proposalBody: (teacher: string, when: string) => `يقترح ${teacher} موعداً جديداً: ${when}. اقبله أو ارفضه.`,
    accepted: 'قُبل الموعد الجديد',
    acceptedBody: (student: string, when: string) => `قبل ${student} الموعد الجديد: يبدأ الدرس ${when}.`,
    declined: 'رُفض الموعد الجديد',
    declinedBody: (student: string, when: string) => `رفض ${student} الموعد الجديد، ويبقى درس ${when} في موعده.`,
    chargeFailed: 'اشحن محفظتك لدرسك الأسبوعي',
    chargeFailedBody: (short: string, when: string, by: string) => `ينقص رصيدك ${short} لدرس ${when}. اشحن قبل ${by}.`,
    released: 'أُلغي الدرس الأسبوعي',
    releasedBody: (other: string, when: string) => `الدرس مع ${other} (${when}) لم يُدفع في موعده فأُلغي.`,
  },
  en: {
    moved: 'Lesson moved',
    movedBody: (other: string, when: string) => `The lesson with ${other} now starts ${when}.`,
    proposal: 'New time proposed',
    proposalBody: (teacher: string, when: string) => `${teacher} proposes a new time: ${when}. Accept or decline it.`,
    accepted: 'New time accepted',
    acceptedBody: (student: string, when: string) => `${student} accepted the new time: the lesson starts ${when}.`,
    declined: 'New time declined',
    declinedBody: (student: string, when: string) =>
      `${student} declined the new time; the lesson on ${when} stays as booked.`,
    chargeFailed: 'Top up for your weekly lesson',
    chargeFailedBody: (short: string, when: string, by: string) =>
      `Your balance is ${short} short for the lesson on ${when}. Top up before ${by}.`,
    released: 'Weekly lesson released',
    releasedBody: (other: string, when: string) =>
      `The lesson with ${other} (${when}) was not paid in time and was released.`,
  },
} as const;

/** Which push kind a stored notification is, for the notification types that are pushed. */
export const PUSHED_NOTIFICATION_KINDS: Record<string, PushKind> = {
  'message.new': 'message',
  'booking.confirmed': 'booking',
  'booking.received': 'booking',
  'booking.cancelled': 'cancellation',
  'review.requested': 'reviewRequest',
  // The weekly habit (issue 32): moves and proposals are news of a booking, a release a cancellation.
  'booking.rescheduled': 'booking',
  'reservation.proposal': 'booking',
  'reservation.proposalAccepted': 'booking',
  'reservation.proposalDeclined': 'booking',
  'standing.chargeFailed': 'booking',
  'standing.released': 'cancellation',
};

type Reader = { language: Language; timeZone: string | null };

/**
 * The push for a stored notification, in the reader's language and zone, with the page it opens;
 * null for a type that is not pushed.
 */
export function notificationPush(
  notification: { id: number; type: string; data: Record<string, unknown> },
  reader: Reader,
): PushPayload | null {
  const kind = PUSHED_NOTIFICATION_KINDS[notification.type];
  if (!kind) return null;
  const { language } = reader;
  const copy = COPY[language];
  const data = notification.data;
  const when = lessonTime(data.startTime, language, reader.timeZone);
  const tag = `notification-${notification.id}`;
  const reservations = `/${language}/reservations`;
  switch (notification.type) {
    case 'message.new': {
      const senderId = typeof data.senderId === 'number' ? data.senderId : null;
      return {
        kind,
        title: copy.message(text(data.senderName)),
        body: text(data.preview),
        url: senderId ? `/${language}/chats/${senderId}` : `/${language}/chats`,
        tag: typeof data.conversationId === 'number' ? `chat-${data.conversationId}` : tag,
      };
    }
    case 'booking.confirmed':
      return { kind, title: copy.booked(text(data.teacherName)), body: when, url: reservations, tag };
    case 'booking.received':
      return { kind, title: copy.received(text(data.studentName)), body: when, url: `/${language}/schedule`, tag };
    case 'booking.rescheduled':
    case 'reservation.proposal':
    case 'reservation.proposalAccepted':
    case 'reservation.proposalDeclined':
    case 'standing.chargeFailed':
    case 'standing.released':
      return { kind, ...weeklyPush(notification.type, data, reader), tag: weeklyTag(notification, tag) };
    case 'booking.cancelled':
      return {
        kind,
        title: copy.cancelled,
        body: copy.cancelledBody(text(data.teacherName) || text(data.studentName), when),
        url: reservations,
        tag,
      };
    default:
      return {
        kind,
        title: copy.reviewTitle,
        body: copy.reviewBody(text(data.teacherName) || text(data.studentName)),
        url: reservations,
        tag,
      };
  }
}

/**
 * A lesson's move and the teacher's answer to it share a tag (the lesson's), so on the teacher's
 * device the accepted proposal replaces the move it caused instead of stacking beside it.
 */
function weeklyTag(notification: { type: string; data: Record<string, unknown> }, fallback: string): string {
  const id = notification.data.reservationId;
  const moved = notification.type === 'booking.rescheduled' || notification.type === 'reservation.proposalAccepted';
  return moved && typeof id === 'number' ? `moved-${id}` : fallback;
}

/**
 * The texts and page of the weekly habit's notices (issue 32): the student's to the reservations,
 * the teacher's to the schedule (the teacher's notices name the student), a short balance to the
 * wallet; every time in the reader's zone.
 */
function weeklyPush(type: string, data: Record<string, unknown>, reader: Reader) {
  const { language, timeZone } = reader;
  const copy = WEEKLY_COPY[language];
  const at = (key: string) => lessonTime(data[key], language, timeZone);
  const teacher = text(data.teacherName);
  const student = text(data.studentName);
  const url = `/${language}${student ? LESSONS_PAGE.teacher : LESSONS_PAGE.student}`;
  switch (type) {
    case 'booking.rescheduled':
      return { title: copy.moved, body: copy.movedBody(teacher || student, at('startTime')), url };
    case 'reservation.proposal':
      return { title: copy.proposal, body: copy.proposalBody(teacher, at('proposedStartTime')), url };
    case 'reservation.proposalAccepted':
      return { title: copy.accepted, body: copy.acceptedBody(student, at('startTime')), url };
    case 'reservation.proposalDeclined':
      return { title: copy.declined, body: copy.declinedBody(student, at('startTime')), url };
    case 'standing.chargeFailed': {
      const short = formatKwd(language, text(data.short) || '0');
      const body = copy.chargeFailedBody(short, at('startTime'), at('deadline'));
      return { title: copy.chargeFailed, body, url: `/${language}${WALLET_PAGE}` };
    }
    default:
      return { title: copy.released, body: copy.releasedBody(teacher || student, at('startTime')), url };
  }
}

/** A lesson reminder's push: a day or 10 minutes before, with the other party and the start. */
export function reminderPush(
  reminder: { reservationId: number; kind: LessonReminderKind; otherName: string; startTime: Date },
  reader: Reader,
): PushPayload {
  const copy = COPY[reader.language];
  return {
    kind: 'lessonReminder',
    title: reminder.kind === 'soon' ? copy.soonTitle : copy.dayTitle,
    body: copy.lessonWith(
      reminder.otherName,
      lessonTime(reminder.startTime.toISOString(), reader.language, reader.timeZone),
    ),
    url:
      reminder.kind === 'soon'
        ? `/${reader.language}/lessons/${reminder.reservationId}`
        : `/${reader.language}/reservations`,
    tag: `reminder-${reminder.reservationId}-${reminder.kind}`,
  };
}
