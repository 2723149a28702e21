import type { INDEXED_PAGE_ROUTES, Language } from '@ustaz/contract';

/**
 * What the server writes into a page's head (title, description, breadcrumbs) before the app
 * runs, per language. Arabic texts write numbers in Arabic-Indic digits, through `numberText`
 * and `kwdText` (apps/web/src/shared/i18n/README.md); no digit is written into a text here.
 * Page names are those of the web's `common.titles` so the title does not change on hydration.
 */
export type PageTexts = {
  appName: string;
  /** The home page's title and description when the settings leave them empty. */
  title: string;
  description: string;
  keywords: string;
  home: string;
  notFound: { title: string; description: string };
  pages: Record<StaticPage, { title: string; description: string }>;
  search: { title: string; description: string };
  subjectSearch: { title: (subject: string) => string; description: (subject: string) => string };
  teacher: {
    title: (name: string, subjects: string) => string;
    /** "Maths, Physics teacher. Rated 4.5 (12 reviews). KWD 7.500 an hour." without the parts that are missing. */
    summary: (facts: { subjects: string; rating: string | null; reviews: string; rate: string }) => string;
    offer: (subjects: string) => string;
    fallbackJob: string;
  };
};

/** The listed pages without parameters that have a text of their own (home and search are apart). */
export type StaticPage = Exclude<(typeof INDEXED_PAGE_ROUTES)[number], '' | 'search'>;

export const PAGE_TEXTS: Record<Language, PageTexts> = {
  ar: {
    appName: 'أستاذ',
    title: 'أستاذ | منصة الدروس الخصوصية',
    description: 'أستاذ منصة كويتية للدروس الخصوصية عبر الإنترنت: اعثر على معلمك واحجز حصتك.',
    keywords: 'دروس خصوصية, معلم, الكويت, تعليم عن بعد',
    home: 'الرئيسية',
    notFound: { title: 'الصفحة غير موجودة', description: 'لم نجد الصفحة التي تبحث عنها.' },
    pages: {
      teachers: {
        title: 'المعلمون',
        description: 'معلمون مؤهلون في جميع المواد، جاهزون لدروس أونلاين في الأوقات التي تناسبك.',
      },
      subscriptions: {
        title: 'الاشتراكات',
        description: 'اشترِ ساعات الدروس مسبقًا بسعر أفضل، واستخدمها مع أي معلم عند الحجز.',
      },
      about: { title: 'من نحن', description: 'تعرّف على أستاذ: رسالتنا وقصتنا وقيمنا في التعليم عبر الإنترنت.' },
      'about-platform': {
        title: 'عن المنصة',
        description: 'كيف تعمل المنصة للطلاب وأولياء الأمور والمعلمين، وطرق الدفع المتاحة.',
      },
      privacy: { title: 'سياسة الخصوصية', description: 'كيف نجمع بياناتك ونستخدمها ونحميها.' },
      terms: { title: 'الشروط والأحكام', description: 'شروط استخدام المنصة وحجز الدروس والدفع والإلغاء.' },
      contact: { title: 'تواصل معنا', description: 'راسلنا عبر البريد الإلكتروني أو واتساب، ويسعدنا مساعدتك.' },
      teach: {
        title: 'درّس على أستاذ',
        description: 'انضم إلى معلمي أستاذ ودرّس طلابك عبر الإنترنت في الأوقات التي تختارها.',
      },
    },
    search: {
      title: 'البحث عن معلم',
      description: 'ابحث باسم المعلم أو المادة أو التخصص، ثم ضيّق النتائج بالمواد والفلاتر.',
    },
    subjectSearch: {
      title: (subject) => `معلمو ${subject}`,
      description: (subject) => `قارن معلمي ${subject} في أستاذ واحجز درسك الخصوصي عبر الإنترنت.`,
    },
    teacher: {
      title: (name, subjects) => (subjects ? `${name}، معلم ${subjects}` : name),
      summary: ({ subjects, rating, reviews, rate }) =>
        [subjects ? `معلم ${subjects}.` : '', rating ? `التقييم ${rating} (${reviews}).` : '', `${rate} للساعة.`]
          .filter(Boolean)
          .join(' '),
      offer: (subjects) => (subjects ? `دروس خصوصية في ${subjects}` : 'دروس خصوصية'),
      fallbackJob: 'معلم',
    },
  },
  en: {
    appName: 'Ustaz',
    title: 'Ustaz | Online tutoring in Kuwait',
    description: 'Ustaz is a Kuwaiti online tutoring marketplace: find your teacher and book your lesson.',
    keywords: 'tutoring, private lessons, teacher, Kuwait, online learning',
    home: 'Home',
    notFound: { title: 'Page not found', description: 'We could not find the page you are looking for.' },
    pages: {
      teachers: {
        title: 'Teachers',
        description: 'Qualified teachers for every subject, ready for online lessons at times that suit you.',
      },
      subscriptions: {
        title: 'Subscriptions',
        description: 'Buy lesson hours in advance at a better price, and spend them with any teacher when you book.',
      },
      about: {
        title: 'About us',
        description: 'Meet Ustaz: our mission, our story and our values in online learning.',
      },
      'about-platform': {
        title: 'About the platform',
        description: 'How the platform works for students, parents and teachers, and the ways to pay.',
      },
      privacy: { title: 'Privacy policy', description: 'How we collect, use and protect your data.' },
      terms: {
        title: 'Terms and conditions',
        description: 'The terms for using the platform, booking lessons, paying and cancelling.',
      },
      contact: { title: 'Contact us', description: 'Write to us by e-mail or WhatsApp: we are glad to help.' },
      teach: {
        title: 'Teach on Ustaz',
        description: 'Join the teachers of Ustaz and teach your students online at the times you choose.',
      },
    },
    search: {
      title: 'Find a teacher',
      description: 'Search by teacher name, subject or major, then narrow the results with subjects and filters.',
    },
    subjectSearch: {
      title: (subject) => `${subject} teachers`,
      description: (subject) => `Compare ${subject} teachers on Ustaz and book your private lesson online.`,
    },
    teacher: {
      title: (name, subjects) => (subjects ? `${name}, ${subjects} teacher` : name),
      summary: ({ subjects, rating, reviews, rate }) =>
        [subjects ? `${subjects} teacher.` : '', rating ? `Rated ${rating} (${reviews}).` : '', `${rate} an hour.`]
          .filter(Boolean)
          .join(' '),
      offer: (subjects) => (subjects ? `Private lessons in ${subjects}` : 'Private lessons'),
      fallbackJob: 'Teacher',
    },
  },
};

const LOCALE: Record<Language, string> = { ar: 'ar-KW', en: 'en-KW' };

/** A number as the language writes it (Arabic-Indic digits in Arabic): "٤٫٥", "4.5". */
export function numberText(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE[language], { maximumFractionDigits: 2 }).format(value);
}

/** Names as a list in the language: "Maths and Physics", "رياضيات وفيزياء" (as the web's teacher page). */
export function listText(items: string[], language: Language): string {
  return new Intl.ListFormat(LOCALE[language], { type: 'conjunction' }).format(items);
}

/** "12 reviews" / "١٢ تقييمًا", with the language's plural rules. */
export function reviewsText(count: number, language: Language): string {
  const n = numberText(count, language);
  if (language === 'en') return count === 1 ? `${n} review` : `${n} reviews`;
  const rule = new Intl.PluralRules('ar').select(count);
  if (rule === 'one') return 'تقييم واحد';
  if (rule === 'two') return 'تقييمان';
  if (rule === 'few') return `${n} تقييمات`;
  return `${n} تقييمًا`;
}

/** Money as the site shows it: KWD's 3 decimals, the currency placed as Intl does ("KWD 7.500", "‏٧٫٥٠٠ د.ك.‏"). */
export function kwdText(kwd: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE[language], {
    style: 'currency',
    currency: 'KWD',
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  }).format(kwd);
}
