import type { Language } from '@ustaz/contract';

export type MailContent = { subject: string; text: string; html: string };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function layout(language: Language, heading: string, paragraphs: string[], action: { label: string; url: string }) {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.7">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html lang="${language}" dir="${dir}"><body style="margin:0;background:#f1f5f9;font-family:Tahoma,Arial,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:24px auto;background:#fff;border-radius:12px;padding:32px;text-align:start">
<h1 style="margin:0 0 20px;font-size:22px;color:#1e3a8a">${escapeHtml(heading)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1e3a8a;color:#fff;text-decoration:none;padding:12px 24px;border-radius:8px;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="margin:0;font-size:13px;color:#64748b;word-break:break-all">${escapeHtml(action.url)}</p>
</div></body></html>`;
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
} as const;

export function renderMail(kind: keyof typeof COPY, language: Language, name: string, url: string): MailContent {
  const copy = COPY[kind][language];
  const heading = copy.heading(name);
  return {
    subject: copy.subject,
    text: [heading, '', ...copy.lines, '', `${copy.action}: ${url}`].join('\n'),
    html: layout(language, heading, [...copy.lines], { label: copy.action, url }),
  };
}
