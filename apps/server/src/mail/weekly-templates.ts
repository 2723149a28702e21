import { isTimeZone, type Language } from '@ustaz/contract';
import { composeMail, formatKwd, MAIL_TIME_ZONE, type MailContent } from './templates.ts';

/**
 * The mails of the weekly habit (issue 32): a lesson moved, a teacher's proposal of a new time and
 * its answer, a weekly lesson's charge that failed and its release. Each is read by one person in
 * their language and zone (users.time_zone, else Kuwait time), and says which zone its times are in.
 */

/** The page a lesson's mail or push opens for each party (under their language): the student's reservations, the teacher's schedule. */
export const LESSONS_PAGE = { student: '/reservations', teacher: '/schedule' } as const;
/** Where a student tops up the wallet: the web's profile page, at its wallet section. */
export const WALLET_PAGE = '/profile#wallet-title';

/** Who reads the mail: their first name, language and zone (null when their browser never reported one). */
export type MailReader = { name: string; language: Language; timeZone: string | null };

/** The reader's zone when it is a real one, else the marketplace's own. */
function zoneOf(reader: MailReader): string {
  return reader.timeZone && isTimeZone(reader.timeZone) ? reader.timeZone : MAIL_TIME_ZONE;
}

const localeOf = (language: Language) => (language === 'ar' ? 'ar-KW' : 'en-GB');

/** A moment as the reader reads it: 'Sunday, 1 March 2026 at 15:00' / 'الأحد، ١ مارس ٢٠٢٦ في ٦:٠٠ م'. */
function whenFor(reader: MailReader): (date: Date) => string {
  const format = new Intl.DateTimeFormat(localeOf(reader.language), {
    timeZone: zoneOf(reader),
    dateStyle: 'full',
    timeStyle: 'short',
  });
  return (date) => format.format(date);
}

/** The sentence naming the zone of the mail's times: Kuwait time, or the reader's own zone by name. */
function zoneLine(reader: MailReader): string {
  const zone = zoneOf(reader);
  const copy = COMMON[reader.language];
  if (zone === MAIL_TIME_ZONE) return copy.kuwaitZone;
  const name =
    new Intl.DateTimeFormat(localeOf(reader.language), { timeZone: zone, timeZoneName: 'shortGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value ?? zone;
  return copy.ownZone(name, zone);
}

const COMMON = {
  ar: {
    heading: (name: string) => `مرحباً ${name}،`,
    kuwaitZone: 'الأوقات بتوقيت الكويت.',
    ownZone: (name: string, zone: string) => `الأوقات حسب ${name} (${zone})، وهو توقيتك.`,
    was: (when: string) => `الموعد السابق: ${when}`,
    now: (when: string) => `الموعد الجديد: ${when}`,
    reservations: 'حجوزاتي',
    schedule: 'جدولي',
  },
  en: {
    heading: (name: string) => `Hello ${name},`,
    kuwaitZone: 'Times are Kuwait time.',
    ownZone: (name: string, zone: string) => `Times are ${name} (${zone}), your time zone.`,
    was: (when: string) => `Was: ${when}`,
    now: (when: string) => `Now: ${when}`,
    reservations: 'My reservations',
    schedule: 'My schedule',
  },
} as const;

type Role = 'student' | 'teacher';
const pageAction = (language: Language, role: Role) =>
  role === 'student' ? COMMON[language].reservations : COMMON[language].schedule;

/** One of these mails: greeted by first name, its lines, the zone of its times, one button. */
function weeklyMail(
  reader: MailReader,
  mail: { subject: string; lines: string[]; action: string; url: string },
): MailContent {
  const heading = COMMON[reader.language].heading(reader.name);
  return composeMail(reader.language, { ...mail, heading, lines: [...mail.lines, zoneLine(reader)] });
}

const MOVED = {
  ar: {
    subject: (other: string) => `تغيّر موعد درسك مع ${other}`,
    // [reader][who moved it]: the student moved it, or the student accepted the teacher's proposal.
    student: {
      student: (teacher: string) => `نقلت درسك مع ${teacher} إلى موعد جديد.`,
      teacher: (teacher: string) => `قبلت الموعد الجديد الذي اقترحه ${teacher}، ونُقل درسك إليه.`,
    },
    teacher: {
      student: (student: string) => `نقل ${student} درسه معك إلى موعد جديد.`,
      teacher: (student: string) => `قبل ${student} الموعد الذي اقترحته، ونُقل الدرس إليه.`,
    },
  },
  en: {
    subject: (other: string) => `Your lesson with ${other} has moved`,
    student: {
      student: (teacher: string) => `You moved your lesson with ${teacher} to a new time.`,
      teacher: (teacher: string) => `You accepted the new time ${teacher} proposed, and your lesson has moved to it.`,
    },
    teacher: {
      student: (student: string) => `${student} moved their lesson with you to a new time.`,
      teacher: (student: string) => `${student} accepted the time you proposed, and the lesson has moved to it.`,
    },
  },
} as const;

/** A lesson moved (`booking.rescheduled`): who moved it, the old and the new time, for the student or the teacher. */
export function renderRescheduledMail(
  reader: MailReader,
  input: { role: Role; by: Role; otherName: string; oldStart: Date; newStart: Date; url: string },
): MailContent {
  const copy = MOVED[reader.language];
  const lines = [copy[input.role][input.by](input.otherName), ...movedTimes(reader, input.oldStart, input.newStart)];
  const action = pageAction(reader.language, input.role);
  return weeklyMail(reader, { subject: copy.subject(input.otherName), lines, action, url: input.url });
}

/** The two lines of a move: the time it was and the time it is now. */
function movedTimes(reader: MailReader, oldStart: Date, newStart: Date): string[] {
  const when = whenFor(reader);
  const common = COMMON[reader.language];
  return [common.was(when(oldStart)), common.now(when(newStart))];
}

const PROPOSAL = {
  ar: {
    subject: (teacher: string) => `يقترح ${teacher} موعداً جديداً لدرسك`,
    intro: (teacher: string) => `يقترح ${teacher} نقل درسك إلى موعد جديد.`,
    booked: (when: string) => `موعد درسك الحالي: ${when}`,
    proposed: (when: string) => `الموعد المقترح: ${when}`,
    note: (note: string) => `ملاحظة المعلم: ${note}`,
    answer:
      'اقبل الموعد الجديد أو ارفضه قبل بدء الدرس. إذا رفضته يبقى الدرس في موعده، ويمكنك إلغاؤه مع استرداد المبلغ كاملاً.',
    action: 'الرد على الاقتراح',
  },
  en: {
    subject: (teacher: string) => `${teacher} proposes a new time for your lesson`,
    intro: (teacher: string) => `Your teacher ${teacher} proposes to move your lesson to a new time.`,
    booked: (when: string) => `Your lesson is now: ${when}`,
    proposed: (when: string) => `Proposed time: ${when}`,
    note: (note: string) => `The teacher's note: ${note}`,
    answer:
      'Accept or decline the new time before the lesson starts. If you decline, the lesson stays as booked and you may cancel it with a full refund.',
    action: 'Answer the proposal',
  },
} as const;

/** A teacher's proposal of a new time (`reservation.proposal`), to the student: both times and the teacher's note. */
export function renderProposalMail(
  reader: MailReader,
  input: { teacherName: string; start: Date; proposedStart: Date; note: string; url: string },
): MailContent {
  const copy = PROPOSAL[reader.language];
  const when = whenFor(reader);
  const note = input.note.trim();
  const lines = [
    copy.intro(input.teacherName),
    copy.booked(when(input.start)),
    copy.proposed(when(input.proposedStart)),
    ...(note ? [copy.note(note)] : []),
    copy.answer,
  ];
  return weeklyMail(reader, { subject: copy.subject(input.teacherName), lines, action: copy.action, url: input.url });
}

const ANSWER = {
  ar: {
    accepted: {
      subject: (student: string) => `قبل ${student} الموعد الجديد`,
      intro: (student: string) => `قبل ${student} الموعد الذي اقترحته، ونُقل الدرس إليه.`,
    },
    declined: {
      subject: (student: string) => `رفض ${student} الموعد الجديد`,
      intro: (student: string) => `رفض ${student} الموعد الذي اقترحته، ويبقى الدرس في موعده.`,
      stays: (when: string) => `موعد الدرس: ${when}`,
      cancel: 'يمكن للطالب الآن إلغاء هذا الدرس مع استرداد المبلغ كاملاً في أي وقت قبل بدئه.',
    },
  },
  en: {
    accepted: {
      subject: (student: string) => `${student} accepted the new time`,
      intro: (student: string) => `${student} accepted the time you proposed, and the lesson has moved to it.`,
    },
    declined: {
      subject: (student: string) => `${student} declined the new time`,
      intro: (student: string) => `${student} declined the time you proposed; the lesson stays as booked.`,
      stays: (when: string) => `The lesson: ${when}`,
      cancel: 'The student may now cancel this lesson with a full refund at any time before it starts.',
    },
  },
} as const;

/** The student's answer to a proposal, to the teacher: accepted (old and new time) or declined (the time that stays). */
export function renderProposalAnswerMail(
  reader: MailReader,
  input:
    | { answer: 'accepted'; studentName: string; oldStart: Date; newStart: Date; url: string }
    | { answer: 'declined'; studentName: string; start: Date; url: string },
): MailContent {
  const action = COMMON[reader.language].schedule;
  const { studentName, url } = input;
  if (input.answer === 'accepted') {
    const copy = ANSWER[reader.language].accepted;
    const lines = [copy.intro(studentName), ...movedTimes(reader, input.oldStart, input.newStart)];
    return weeklyMail(reader, { subject: copy.subject(studentName), lines, action, url });
  }
  const copy = ANSWER[reader.language].declined;
  const lines = [copy.intro(studentName), copy.stays(whenFor(reader)(input.start)), copy.cancel];
  return weeklyMail(reader, { subject: copy.subject(studentName), lines, action, url });
}

const CHARGE_FAILED = {
  ar: {
    subject: (teacher: string) => `اشحن محفظتك لدرسك الأسبوعي مع ${teacher}`,
    intro: (teacher: string, when: string) => `لم نتمكن من خصم ثمن درسك الأسبوعي مع ${teacher} يوم ${when}.`,
    amount: (amount: string, short: string) => `سعر الدرس ${amount}، وينقص رصيدك ${short} عن سعره.`,
    deadline: (when: string) =>
      `اشحن محفظتك قبل ${when} (قبل ٢٤ ساعة من بدء الدرس)، وإلا أُلغي درس هذا الأسبوع وبقيت دروسك الأخرى في السلسلة.`,
    action: 'اشحن محفظتي',
  },
  en: {
    subject: (teacher: string) => `Top up for your weekly lesson with ${teacher}`,
    intro: (teacher: string, when: string) => `We could not charge your weekly lesson with ${teacher} on ${when}.`,
    amount: (amount: string, short: string) => `The lesson costs ${amount}, and your balance is ${short} short.`,
    deadline: (when: string) =>
      `Top up your wallet before ${when} (24 hours before the start), or this week's lesson is released; the other lessons of the series stay.`,
    action: 'Top up my wallet',
  },
} as const;

/** A weekly lesson's charge failed (`standing.chargeFailed`), to the student: the price, what is short and until when to top up. */
export function renderChargeFailedMail(
  reader: MailReader,
  input: { teacherName: string; start: Date; amountKwd: string; shortKwd: string; deadline: Date; url: string },
): MailContent {
  const { language } = reader;
  const copy = CHARGE_FAILED[language];
  const when = whenFor(reader);
  const lines = [
    copy.intro(input.teacherName, when(input.start)),
    copy.amount(formatKwd(language, input.amountKwd), formatKwd(language, input.shortKwd)),
    copy.deadline(when(input.deadline)),
  ];
  return weeklyMail(reader, { subject: copy.subject(input.teacherName), lines, action: copy.action, url: input.url });
}

const RELEASED = {
  ar: {
    subject: 'أُلغي درس أسبوعي لم يُدفع',
    student: (teacher: string, when: string) =>
      `لم يُدفع درسك الأسبوعي مع ${teacher} يوم ${when} في موعده، فأُلغي. تبقى دروسك الأخرى في السلسلة محجوزة.`,
    teacher: (student: string, when: string) =>
      `لم يُدفع الدرس الأسبوعي مع ${student} يوم ${when} في موعده، فأُلغي وعاد الموعد متاحاً للحجز.`,
  },
  en: {
    subject: 'A weekly lesson was not paid and is released',
    student: (teacher: string, when: string) =>
      `Your weekly lesson with ${teacher} on ${when} was not paid in time, so it was released. The other lessons of your series stay booked.`,
    teacher: (student: string, when: string) =>
      `The weekly lesson with ${student} on ${when} was not paid in time, so it was released and the time is open for booking again.`,
  },
} as const;

/** An unpaid weekly lesson released 24 hours before its start (`standing.released`), to the student or the teacher. */
export function renderReleasedMail(
  reader: MailReader,
  input: { role: Role; otherName: string; start: Date; url: string },
): MailContent {
  const copy = RELEASED[reader.language];
  const lines = [copy[input.role](input.otherName, whenFor(reader)(input.start))];
  const action = pageAction(reader.language, input.role);
  return weeklyMail(reader, { subject: copy.subject, lines, action, url: input.url });
}
