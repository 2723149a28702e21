import type { Language, LessonReminderKind, PushKind, PushPayload } from '@ustaz/contract';

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

/** Which push kind a stored notification is, for the notification types that are pushed. */
export const PUSHED_NOTIFICATION_KINDS: Record<string, PushKind> = {
  'message.new': 'message',
  'booking.confirmed': 'booking',
  'booking.received': 'booking',
  'booking.cancelled': 'cancellation',
  'review.requested': 'reviewRequest',
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
