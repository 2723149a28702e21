import { textLanguage } from '@ustaz/contract';

/**
 * Texts of the seeded reviews: what students wrote about their lessons, the teachers' replies
 * and what teachers wrote about their students, in Arabic and in English. Each text is written
 * in one language only (no Latin letters in an Arabic text, no Arabic letters in an English
 * one). A pair is the masculine and the feminine form of the person the text speaks of;
 * `{subject}` is the lesson's subject in the text's language.
 */

export type ReviewLanguage = 'ar' | 'en';
type Text = string | readonly [masculine: string, feminine: string];

/** A student's review of a teacher, by the rating it comes with (5, 4, 3, 2). */
const STUDENT_REVIEWS: Record<ReviewLanguage, Record<2 | 3 | 4 | 5, readonly Text[]>> = {
  ar: {
    5: [
      'شرح واضح ومبسط، واستفدت كثيراً من الحصة.',
      'أسلوب ممتع وأمثلة من الواقع، شكراً جزيلاً.',
      'تحسنت درجاتي بشكل ملحوظ بعد عدة حصص فقط.',
      'الحصة منظمة، والوقت كان كافياً لكل أسئلتي.',
      ['من أفضل المعلمين الذين درست معهم، أنصح به بشدة.', 'من أفضل المعلمات اللاتي درست معهن، أنصح بها بشدة.'],
      ['الأستاذ صبور جداً ويعيد الشرح حتى أفهم.', 'الأستاذة صبورة جداً وتعيد الشرح حتى أفهم.'],
      'كان الاختبار النهائي يقلقني، والحمد لله دخلته بثقة بعد هذه الحصص.',
      'ابني صار يحب المادة بعد أن كان يتهرب منها، شكراً من القلب.',
      'حصة ممتازة، ووصلني ملخص مرتب بعد الدرس مباشرة.',
      ['ملتزم بالموعد دائماً ويبدأ الحصة في وقتها.', 'ملتزمة بالموعد دائماً وتبدأ الحصة في وقتها.'],
      'فهمت في ساعة واحدة ما لم أفهمه في أسابيع، الله يعطيك العافية.',
      'طريقة التدريس تعتمد على الفهم لا الحفظ، وهذا ما كنت أبحث عنه.',
      'الشرح خطوة بخطوة مع تمرين بعد كل فكرة، تجربة رائعة.',
      ['أنصح به لكل طالب يحتاج إلى تأسيس قوي في {subject}.', 'أنصح بها لكل طالب يحتاج إلى تأسيس قوي في {subject}.'],
      'بعد حصتين صرت أحل واجبات {subject} وحدي دون مساعدة.',
      'السبورة التفاعلية سهّلت علي متابعة الشرح، ومرت الساعة بسرعة.',
      'تعامل راقٍ واهتمام حقيقي بمستوى الطالب، شكراً لك.',
      'حجزت حصة تجريبية ثم أكملت الباقة كاملة، فالفرق كان واضحاً.',
    ],
    4: [
      'حصة مفيدة جداً، وأتمنى لو كانت أطول قليلاً.',
      'الشرح ممتاز، لكن الاتصال انقطع مرة أثناء الحصة.',
      'استفدت كثيراً، وأحتاج إلى حصص أخرى للتمرين على المسائل الصعبة.',
      'معلومات غزيرة وتنظيم جيد، والإيقاع كان سريعاً بعض الشيء في البداية.',
      'تجربة جيدة بشكل عام، وسأحجز حصة أخرى قبل الاختبار.',
      [
        'الأستاذ متمكن من المادة، وأتمنى المزيد من الأمثلة المحلولة.',
        'الأستاذة متمكنة من المادة، وأتمنى المزيد من الأمثلة المحلولة.',
      ],
      'حصة جيدة في {subject}، وأرجو إرسال أوراق عمل إضافية بعد الدرس.',
      'مستوى الشرح ممتاز، وملاحظتي الوحيدة تأخر البداية بضع دقائق.',
      'أعجبني التركيز على أسئلة الاختبارات السابقة، وأتمنى وقتاً أطول للمراجعة.',
      'الحصة نافعة والأسلوب هادئ، لكن الواجب كان كثيراً علي.',
      'شرح واضح ومرتب، وكنت أفضّل أن نبدأ بمراجعة الدرس السابق.',
      'شرح جميل ومفهوم، لكن الصوت لم يكن واضحاً في أول الحصة.',
    ],
    3: [
      'جيد، لكن أتمنى المزيد من التمارين.',
      'الشرح مفيد، لكن الحصة بدأت متأخرة قليلاً.',
      'الحصة مقبولة، لكن الشرح كان سريعاً ولم أستوعب كل النقاط.',
      'معلومات جيدة، لكنني كنت أحتاج إلى تركيز أكبر على منهج مدرستي.',
      'لا بأس بها، وأظنها تناسب أصحاب المستوى المتقدم أكثر.',
      'استفدت من بعض الأجزاء، وبقيت أسئلة كثيرة بلا إجابة لضيق الوقت.',
    ],
    2: [
      'لم تكن الحصة كما توقعت، فقد ذهب معظم الوقت في حديث عام.',
      'تأخر بدء الحصة ربع ساعة ولم يُعوَّض الوقت، أتمنى التزاماً أكثر.',
      'الشرح لم يناسب مستواي، وكان التركيز على أمور أعرفها مسبقاً.',
      'واجهنا مشكلات في الاتصال طوال الحصة ولم نكمل الدرس.',
    ],
  },
  en: {
    5: [
      'Clear explanations and very patient. Highly recommended!',
      'Great lesson, I finally understood the topic.',
      'Well prepared and always on time.',
      'My grades improved a lot after a few sessions.',
      'Friendly, organised and easy to follow.',
      'The best {subject} lesson I have had, everything finally clicked.',
      'Explains every step and checks that you understood before moving on.',
      'My son used to dread homework, now he asks for the next lesson. Thank you!',
      'Excellent use of the whiteboard, and the notes afterwards were really useful.',
      'Went into my exam feeling confident for the first time.',
      [
        'He makes difficult ideas feel simple. Booking more hours for sure.',
        'She makes difficult ideas feel simple. Booking more hours for sure.',
      ],
      'Warm, encouraging and very knowledgeable.',
      'Focused on exactly what I needed for my school curriculum.',
      'Booked a single trial lesson and ended up buying a package.',
      'Great at spotting where I was going wrong and fixing it quickly.',
      'Lessons are structured, fun and never feel rushed.',
    ],
    4: [
      'Very helpful session, I only wish it had been a bit longer.',
      'Great explanations, though the connection dropped once.',
      'Learned a lot; I need a few more sessions on the harder problems.',
      'Good lesson overall, will book again before my exam.',
      'Knows the subject inside out. More worked examples would be nice.',
      'Solid {subject} lesson, would love some extra worksheets afterwards.',
      'Really clear, the only issue was starting a few minutes late.',
      'Liked the focus on past papers, hoping for more revision time next time.',
      'Calm and clear teaching, though the homework was a lot.',
      'Helpful and kind; the pace was a little fast at the start.',
      'Good session, the audio was patchy for the first few minutes.',
      'Useful exam tips, and friendly throughout.',
    ],
    3: [
      'Good session, but I would like more practice questions.',
      'Helpful, though the pace was a little fast.',
      'Okay lesson, but it did not follow my school syllabus closely.',
      'Some parts were useful, but we ran out of time for my questions.',
      'Decent, probably better suited to more advanced students.',
      'Fine overall, though the lesson felt a bit unstructured.',
    ],
    2: [
      'Not what I expected; much of the time went on general chat.',
      'Started fifteen minutes late and the time was not made up.',
      'The level did not match mine, we went over things I already knew.',
      'Connection problems all lesson, we could not finish the topic.',
    ],
  },
};

/** The teacher's public reply to a student's review, to a warm one or to a critical one. */
const REPLIES: Record<ReviewLanguage, Record<'warm' | 'critical', readonly Text[]>> = {
  ar: {
    warm: [
      ['شكراً لكلماتك الجميلة، سعيد بتقدمك!', 'شكراً لكلماتك الجميلة، سعيدة بتقدمك!'],
      'شكراً لك، وبالتوفيق في اختباراتك القادمة.',
      'أسعدني تعليقك، ونلتقي في الحصة القادمة بإذن الله.',
      'شكراً على ثقتك، واجتهادك هو سر هذا التحسن.',
      ['ممتن لتقييمك، وسأرسل لك تمارين إضافية للمراجعة.', 'ممتنة لتقييمك، وسأرسل لك تمارين إضافية للمراجعة.'],
    ],
    critical: [
      'شكراً على ملاحظتك، سأضيف تمارين أكثر في الحصص القادمة.',
      'أعتذر عن التأخير، وسأعوض الوقت في حصتنا القادمة.',
      'ملاحظتك في محلها، وسأراعي الإيقاع المناسب لك من الآن.',
      'نأسف لمشكلة الاتصال، ويسعدني ترتيب حصة تعويضية.',
    ],
  },
  en: {
    warm: [
      'Thank you! It was a pleasure, keep up the great work.',
      'Thanks for the kind words, good luck in your exams!',
      'Glad it helped. See you next lesson!',
      'Your hard work made the difference. Thank you for the review.',
      'Thank you! I will send a few extra exercises for revision.',
    ],
    critical: [
      'Thanks for the feedback, I will add more practice in our next lessons.',
      'Sorry about the late start, I will make up the time next lesson.',
      'Fair point, I will adjust the pace to suit you.',
      'Sorry about the connection issues, happy to arrange a make-up session.',
    ],
  },
};

/** A teacher's review of a student (the pair: a male and a female student). */
const ABOUT_STUDENTS: Record<ReviewLanguage, readonly Text[]> = {
  ar: [
    ['طالب مجتهد ومنتبه طوال الحصة.', 'طالبة مجتهدة ومنتبهة طوال الحصة.'],
    ['ملتزم بالموعد ويحضّر أسئلته مسبقاً.', 'ملتزمة بالموعد وتحضّر أسئلتها مسبقاً.'],
    ['يحتاج إلى مزيد من التمرين لكنه يتقدم بشكل جيد.', 'تحتاج إلى مزيد من التمرين لكنها تتقدم بشكل جيد.'],
    ['سريع الفهم ويطرح أسئلة ذكية.', 'سريعة الفهم وتطرح أسئلة ذكية.'],
    ['أنجز الواجب كاملاً قبل الحصة، أحسنت!', 'أنجزت الواجب كاملاً قبل الحصة، أحسنتِ!'],
    ['متحمس للتعلم، وأنصحه بالمراجعة اليومية.', 'متحمسة للتعلم، وأنصحها بالمراجعة اليومية.'],
  ],
  en: [
    'Attentive and hard-working student.',
    'Always on time and well prepared.',
    'Needs a bit more practice but is improving steadily.',
    'Quick learner who asks great questions.',
    'Homework done before the lesson, well done!',
    'Keen to learn; daily revision will help a lot.',
  ],
};

const LATIN_LETTERS = /[A-Za-z]/;

/** The language a text is written in: Arabic letters make it Arabic (the contract's rule, as reviews store it). */
export const languageOf: (text: string) => ReviewLanguage = textLanguage;

/** True when a text holds letters of only one script (what every seeded review keeps to). */
export function isOneLanguage(text: string): boolean {
  return !(textLanguage(text) === 'ar' && LATIN_LETTERS.test(text));
}

function formOf(text: Text, female: boolean, subject: string): string {
  const chosen = typeof text === 'string' ? text : text[female ? 1 : 0];
  return chosen.replace('{subject}', subject);
}

/**
 * Picks review texts for one teacher's page: none is used twice there. The same text may be
 * written on another teacher's page (students do write alike), but not twice on one.
 */
export function createReviewTexts(
  next: () => number,
  teacher: { female: boolean; subjectAr: string; subjectEn: string },
) {
  const used = new Set<string>();
  function pick(candidates: readonly Text[], language: ReviewLanguage, female: boolean): string | null {
    const subject = language === 'ar' ? teacher.subjectAr : teacher.subjectEn;
    const fresh = candidates
      .map((text) => formOf(text, female, subject))
      .filter((text) => !used.has(text) && isOneLanguage(text));
    const text = fresh[Math.floor(next() * fresh.length)];
    if (text === undefined) return null;
    used.add(text);
    return text;
  }
  return {
    /** What a student wrote with `rating`; a neighbouring rating's text when those ran out. */
    review(language: ReviewLanguage, rating: number): string {
      const pools = STUDENT_REVIEWS[language];
      const order: (2 | 3 | 4 | 5)[] = rating >= 5 ? [5, 4] : rating === 4 ? [4, 5] : rating === 3 ? [3, 4, 2] : [2, 3];
      for (const r of order) {
        const text = pick(pools[r], language, teacher.female);
        if (text) return text;
      }
      throw new Error('more seeded reviews on one teacher than review texts');
    },
    /** The teacher's reply to a review with `rating`, or null when every fitting one is used. */
    reply(language: ReviewLanguage, rating: number): string | null {
      return pick(REPLIES[language][rating >= 4 ? 'warm' : 'critical'], language, teacher.female);
    },
  };
}

/** What a teacher wrote about a student (texts may repeat across teachers). */
export function aboutStudent(next: () => number, language: ReviewLanguage, studentFemale: boolean): string {
  const texts = ABOUT_STUDENTS[language];
  const text = texts[Math.floor(next() * texts.length)] ?? texts[0] ?? '';
  return formOf(text, studentFemale, '');
}

/** Every text a student's review can have (both forms, subjects left as `{subject}`), for tests. */
export function allStudentReviewTexts(language: ReviewLanguage): string[] {
  return Object.values(STUDENT_REVIEWS[language]).flatMap((texts) =>
    texts.flatMap((text) => (typeof text === 'string' ? [text] : [...text])),
  );
}
