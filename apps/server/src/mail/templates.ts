import type { CancellationTerms, Language } from '@ustaz/contract';

export type MailContent = { subject: string; text: string; html: string };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function layout(language: Language, heading: string, paragraphs: string[], action: { label: string; url: string }) {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.7">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html lang="${language}" dir="${dir}"><body style="margin:0;background:#f1f5f9;font-family:Tahoma,Arial,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:24px auto;background:#fff;border-radius:12px;padding:32px;text-align:start">
${BRAND_MARK}<h1 style="margin:0 0 20px;font-size:22px;color:#1e3a8a">${escapeHtml(heading)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1e3a8a;color:#fff;text-decoration:none;padding:12px 24px;border-radius:8px;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="margin:0;font-size:13px;color:#64748b;word-break:break-all">${escapeHtml(action.url)}</p>
</div></body></html>`;
}

/** A mail of a heading, its paragraphs and one action (a button and its address), as text and as HTML. */
export function composeMail(
  language: Language,
  mail: { subject: string; heading: string; lines: readonly string[]; action: string; url: string },
): MailContent {
  const { subject, heading, lines, action, url } = mail;
  return {
    subject,
    text: [heading, '', ...lines, '', `${action}: ${url}`].join('\n'),
    html: layout(language, heading, [...lines], { label: action, url }),
  };
}

/** Where `brandMail` puts the operator's logo and name: the top of every mail's card. */
const BRAND_MARK = '<!--brand-->';

/** The operator's name and logo (website settings `appName`, `logoUrl`). */
export type MailBrand = { appName: string; logoUrl: string | null };

function isHttpUrl(value: string | null): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Puts the operator's brand on a rendered mail: the logo (when set, its alt text the name) and
 * the name at the top of the HTML card, and the name as the text's signature. Applied when the
 * mail is sent, so it carries the settings of that moment.
 */
export function brandMail<M extends { text: string; html: string }>(mail: M, brand: MailBrand): M {
  const name = brand.appName.trim();
  if (!name) return mail;
  const logo = isHttpUrl(brand.logoUrl)
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(name)}" height="40" style="height:40px;max-width:200px;vertical-align:middle;margin-inline-end:8px" />`
    : '';
  const mark = `<p data-brand style="margin:0 0 20px;font-size:18px;font-weight:bold;color:#1e3a8a">${logo}<span>${escapeHtml(name)}</span></p>`;
  return {
    ...mail,
    text: `${mail.text}\n\n— ${name}`,
    html: mail.html.includes(BRAND_MARK) ? mail.html.replace(BRAND_MARK, () => mark) : mail.html,
  };
}

const COPY = {
  confirm: {
    ar: {
      subject: 'أكّد بريدك الإلكتروني في أستاذ',
      heading: (name: string) => `مرحباً ${name}،`,
      lines: [
        'شكراً لتسجيلك في أستاذ. اضغط الزر أدناه لتأكيد بريدك الإلكتروني وتفعيل حسابك.',
        'الرابط صالح لمدة 24 ساعة. إذا لم تنشئ حساباً فتجاهل هذه الرسالة.',
      ],
      action: 'تأكيد البريد الإلكتروني',
    },
    en: {
      subject: 'Confirm your e-mail for Ustaz',
      heading: (name: string) => `Hello ${name},`,
      lines: [
        'Thank you for signing up to Ustaz. Press the button below to confirm your e-mail and activate your account.',
        'The link is valid for 24 hours. If you did not create an account, you can ignore this message.',
      ],
      action: 'Confirm e-mail',
    },
  },
  reset: {
    ar: {
      subject: 'إعادة تعيين كلمة المرور في أستاذ',
      heading: (name: string) => `مرحباً ${name}،`,
      lines: [
        'وصلنا طلب لإعادة تعيين كلمة المرور لحسابك. اضغط الزر أدناه لاختيار كلمة مرور جديدة.',
        'الرابط صالح لمدة 30 دقيقة ويُستخدم مرة واحدة. إذا لم تطلب ذلك فتجاهل هذه الرسالة ولن يتغير شيء.',
      ],
      action: 'إعادة تعيين كلمة المرور',
    },
    en: {
      subject: 'Reset your Ustaz password',
      heading: (name: string) => `Hello ${name},`,
      lines: [
        'We received a request to reset the password of your account. Press the button below to choose a new password.',
        'The link is valid for 30 minutes and works once. If you did not ask for this, ignore this message and nothing will change.',
      ],
      action: 'Reset password',
    },
  },
  /** The way in past the account-wide sign-in cap (issue 29): one use, 15 minutes. */
  signIn: {
    ar: {
      subject: 'رابط تسجيل الدخول إلى أستاذ',
      heading: (name: string) => `مرحباً ${name}،`,
      lines: [
        'طلبت رابطاً لتسجيل الدخول إلى حسابك دون كلمة المرور. اضغط الزر أدناه لتسجيل الدخول على هذا الجهاز.',
        'الرابط صالح لمدة 15 دقيقة ويُستخدم مرة واحدة. إذا لم تطلبه فتجاهل هذه الرسالة؛ لا يستطيع أحد استخدامه دون الوصول إلى بريدك.',
      ],
      action: 'تسجيل الدخول',
    },
    en: {
      subject: 'Your sign-in link for Ustaz',
      heading: (name: string) => `Hello ${name},`,
      lines: [
        'You asked for a link to sign in to your account without your password. Press the button below to sign in on this device.',
        'The link is valid for 15 minutes and works once. If you did not ask for it, ignore this message: nobody can use it without access to your mailbox.',
      ],
      action: 'Sign in',
    },
  },
} as const;

const APPLICATION = {
  approved: {
    ar: {
      subject: 'تمت الموافقة على طلبك للتدريس في أستاذ',
      lines: (_reason: string) => [
        'يسعدنا إبلاغك بأن طلبك للتدريس في أستاذ قد قُبل، وملفك كمعلم ظاهر الآن للطلاب في البحث.',
        'أكمل ملفك وأضف مواعيدك المتاحة ليبدأ الطلاب بالحجز.',
      ],
      action: 'ملفي',
    },
    en: {
      subject: 'Your application to teach on Ustaz is approved',
      lines: (_reason: string) => [
        'We are happy to tell you that your application to teach on Ustaz is approved: your teacher profile is now listed for students.',
        'Complete your profile and add your available times so students can start booking.',
      ],
      action: 'My profile',
    },
  },
  rejected: {
    ar: {
      subject: 'بخصوص طلبك للتدريس في أستاذ',
      lines: (reason: string) => [
        'راجعنا طلبك للتدريس في أستاذ ولم نتمكن من قبوله الآن.',
        `السبب: ${reason}`,
        'يمكنك تعديل بياناتك وتقديم طلب جديد في أي وقت.',
      ],
      action: 'قدّم طلباً جديداً',
    },
    en: {
      subject: 'About your application to teach on Ustaz',
      lines: (reason: string) => [
        'We reviewed your application to teach on Ustaz and could not accept it for now.',
        `Reason: ${reason}`,
        'You can change your details and apply again at any time.',
      ],
      action: 'Apply again',
    },
  },
} as const;

/** The decision on an application to teach, in the applicant's language (a rejection says why). */
export function renderApplicationMail(
  decision: keyof typeof APPLICATION,
  language: Language,
  input: { name: string; reason?: string; url: string },
): MailContent {
  const copy = APPLICATION[decision][language];
  const heading = COPY.confirm[language].heading(input.name);
  const lines = copy.lines(input.reason ?? '');
  return composeMail(language, { subject: copy.subject, heading, lines, action: copy.action, url: input.url });
}

export function renderMail(kind: keyof typeof COPY, language: Language, name: string, url: string): MailContent {
  const copy = COPY[kind][language];
  const heading = copy.heading(name);
  return composeMail(language, { subject: copy.subject, heading, lines: copy.lines, action: copy.action, url });
}

/** The marketplace's own zone: a mail has no viewer's zone, so its times say which one they are in. */
export const MAIL_TIME_ZONE = 'Asia/Kuwait';

const BOOKED = {
  ar: {
    subject: (teacher: string) => `تم حجز درسك مع ${teacher}`,
    heading: (name: string) => `مرحباً ${name}،`,
    intro: (teacher: string) => `تم تأكيد حجزك مع المعلم ${teacher}:`,
    deadline: (when: string) => `يمكنك إلغاء الحجز واسترداد المبلغ كاملاً حتى ${when} (قبل ٢٤ ساعة من بدء الدرس).`,
    closed: 'يبدأ الدرس بعد أقل من ٢٤ ساعة، فلا يمكن إلغاؤه.',
    zone: 'الأوقات بتوقيت الكويت.',
    receipt: (url: string) => `إيصال الدفع: ${url}`,
    action: 'حجوزاتي',
  },
  en: {
    subject: (teacher: string) => `Your lesson with ${teacher} is booked`,
    heading: (name: string) => `Hello ${name},`,
    intro: (teacher: string) => `Your booking with ${teacher} is confirmed:`,
    deadline: (when: string) => `You can cancel for a full refund until ${when} (24 hours before the start).`,
    closed: 'The lesson starts in less than 24 hours, so it cannot be cancelled.',
    zone: 'Times are Kuwait time.',
    receipt: (url: string) => `Your receipt: ${url}`,
    action: 'My reservations',
  },
} as const;

/**
 * The booking confirmation: the teacher, each lesson's date and time, and until when it can be
 * cancelled (spec: honest terms), in the student's language.
 */
export function renderBookingMail(
  language: Language,
  input: {
    name: string;
    teacherName: string;
    lessons: { start: Date; end: Date }[];
    /** The first lesson's terms from the one rule (`cancellationTerms`). */
    terms: CancellationTerms;
    url: string;
    /** The receipt page of what was paid (issue 34), when there is one to link. */
    receiptUrl?: string | undefined;
  },
): MailContent {
  const copy = BOOKED[language];
  const locale = language === 'ar' ? 'ar-KW' : 'en-GB';
  const day = new Intl.DateTimeFormat(locale, { timeZone: MAIL_TIME_ZONE, dateStyle: 'full', timeStyle: 'short' });
  const time = new Intl.DateTimeFormat(locale, { timeZone: MAIL_TIME_ZONE, timeStyle: 'short' });
  const lessons = input.lessons.map((lesson) => `• ${day.format(lesson.start)} – ${time.format(lesson.end)}`);
  const terms = input.terms.cancellable ? copy.deadline(day.format(new Date(input.terms.deadline))) : copy.closed;
  const heading = copy.heading(input.name);
  const receipt = input.receiptUrl ? [copy.receipt(input.receiptUrl)] : [];
  const lines = [copy.intro(input.teacherName), ...lessons, terms, copy.zone, ...receipt];
  return composeMail(language, {
    subject: copy.subject(input.teacherName),
    heading,
    lines,
    action: copy.action,
    url: input.url,
  });
}

const PAYOUT = {
  ar: {
    paid: {
      subject: 'تم تحويل أرباحك',
      intro: (amount: string) => `حوّلنا ${amount} إلى حسابك البنكي.`,
      detail: (reference: string) => `رقم المرجع البنكي: ${reference}`,
    },
    rejected: {
      subject: 'لم يتم تحويل طلب السحب',
      intro: (amount: string) => `لم نتمكن من تحويل طلب السحب بقيمة ${amount}، وأعدنا المبلغ إلى أرباحك المتاحة.`,
      detail: (reason: string) => `السبب: ${reason}`,
    },
    heading: (name: string) => `مرحباً ${name}،`,
    action: 'أرباحي',
  },
  en: {
    paid: {
      subject: 'Your earnings are on their way',
      intro: (amount: string) => `We sent ${amount} to your bank account.`,
      detail: (reference: string) => `Bank reference: ${reference}`,
    },
    rejected: {
      subject: 'Your payout was not sent',
      intro: (amount: string) =>
        `We could not send your payout of ${amount}; the amount is back in your available earnings.`,
      detail: (reason: string) => `Reason: ${reason}`,
    },
    heading: (name: string) => `Hello ${name},`,
    action: 'My earnings',
  },
} as const;

/** An amount of KWD (a decimal string, "12.500") as a reader reads it: 3 decimals, 'KWD 12.500' / '١٢٫٥٠٠ د.ك.'. */
export function formatKwd(language: Language, amountKwd: string): string {
  return new Intl.NumberFormat(language === 'ar' ? 'ar-KW' : 'en-KW', {
    style: 'currency',
    currency: 'KWD',
    minimumFractionDigits: 3,
  }).format(Number(amountKwd));
}

/** A payout decided by an admin: sent (with the bank reference) or returned (with the reason), in the teacher's language. */
export function renderPayoutMail(
  language: Language,
  input: { name: string; outcome: 'paid' | 'rejected'; amountKwd: string; detail: string; url: string },
): MailContent {
  const copy = PAYOUT[language];
  const outcome = copy[input.outcome];
  const amount = formatKwd(language, input.amountKwd);
  const heading = copy.heading(input.name);
  const lines = [outcome.intro(amount), outcome.detail(input.detail)];
  return composeMail(language, { subject: outcome.subject, heading, lines, action: copy.action, url: input.url });
}

const REVIEW_REQUEST = {
  ar: {
    subject: 'كيف كان درسك؟',
    heading: (name: string) => `مرحباً ${name}،`,
    student: (other: string) =>
      `انتهى درسك مع ${other}. قيّم المعلّم من 1 إلى 5 واكتب تعليقاً قصيراً يساعد الطلاب الآخرين.`,
    teacher: (other: string) => `انتهى درسك مع ${other}. قيّم الطالب من 1 إلى 5 واكتب تعليقاً قصيراً.`,
    blind: 'لا يظهر تقييمك للطرف الآخر إلا بعد وصول تقييمه أيضاً، أو عند انتهاء مهلة تقييم الدرس.',
    action: 'حجوزاتي',
  },
  en: {
    subject: 'How was your lesson?',
    heading: (name: string) => `Hello ${name},`,
    student: (other: string) =>
      `Your lesson with ${other} has ended. Rate the teacher from 1 to 5 and leave a short comment to help other students.`,
    teacher: (other: string) =>
      `Your lesson with ${other} has ended. Rate the student from 1 to 5 and leave a short comment.`,
    blind:
      'The other side sees your review only once they have reviewed too, or when the time to review the lesson has ended.',
    action: 'My reservations',
  },
} as const;

/** After a completed lesson, each side is asked to review the other (issue 16), in the reader's language. */
export function renderReviewRequestMail(
  language: Language,
  input: { name: string; otherName: string; role: 'student' | 'teacher'; url: string },
): MailContent {
  const copy = REVIEW_REQUEST[language];
  const heading = copy.heading(input.name);
  const lines = [copy[input.role](input.otherName), copy.blind];
  return composeMail(language, { subject: copy.subject, heading, lines, action: copy.action, url: input.url });
}

const LESSON_REMINDER = {
  ar: {
    subject: { day: 'تذكير بدرسك القادم', soon: 'يبدأ درسك بعد ١٠ دقائق' },
    heading: (name: string) => `مرحباً ${name}،`,
    intro: (other: string, when: string) => `لديك درس مع ${other} يبدأ ${when}.`,
    zone: 'الأوقات بتوقيت الكويت.',
    action: { day: 'حجوزاتي', soon: 'ادخل إلى الدرس' },
  },
  en: {
    subject: { day: 'Reminder: your lesson is coming up', soon: 'Your lesson starts in 10 minutes' },
    heading: (name: string) => `Hello ${name},`,
    intro: (other: string, when: string) => `You have a lesson with ${other} starting ${when}.`,
    zone: 'Times are Kuwait time.',
    action: { day: 'My reservations', soon: 'Join the lesson' },
  },
} as const;

/** A lesson reminder by mail (issue 19), for a party without a push subscription: a day or 10 minutes before. */
export function renderLessonReminderMail(
  language: Language,
  input: { name: string; otherName: string; kind: 'day' | 'soon'; start: Date; url: string },
): MailContent {
  const copy = LESSON_REMINDER[language];
  const locale = language === 'ar' ? 'ar-KW' : 'en-GB';
  const when = new Intl.DateTimeFormat(locale, {
    timeZone: MAIL_TIME_ZONE,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(input.start);
  const heading = copy.heading(input.name);
  const lines = [copy.intro(input.otherName, when), copy.zone];
  const action = copy.action[input.kind];
  return composeMail(language, { subject: copy.subject[input.kind], heading, lines, action, url: input.url });
}
