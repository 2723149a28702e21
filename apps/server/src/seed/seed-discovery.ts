import { REVIEW_WINDOW_MS, ROLE, reviewPublishesAt, textLanguage } from '@ustaz/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { teacherProfiles } from '../db/schema.ts';
import { findUserByEmail, insertUser, updateUser } from '../modules/auth/auth.repo.ts';
import { insertReservations } from '../modules/booking/reservations.repo.ts';
import { createFilesService } from '../modules/files/files.service.ts';
import { insertReviews } from '../modules/reviews/reviews.repo.ts';
import { createSubjectsService } from '../modules/subjects/subjects.service.ts';
import { createTeachersService } from '../modules/teachers/teachers.service.ts';
import { createTimeSlotsService } from '../modules/time-slots/time-slots.service.ts';
import { renderAvatarWebp } from './seed-avatar.ts';
import { fillSeedNameSpellings } from './seed-names.ts';
import { planPastLessons } from './seed-past-lessons.ts';
import { random } from './seed-random.ts';
import { aboutStudent, createReviewTexts } from './seed-reviews.ts';

/** Demo photos are shown at up to 96 CSS pixels: twice that for sharp screens. */
const AVATAR_SIZE = 192;

/**
 * Demo data for discovery: subjects, teachers with photos, bios, intro videos and subjects, open
 * slots over the next 14 days, past completed lessons with reviews in both directions. Every
 * aggregate (averageRating, ratingCount, bookingsCount) is computed from the rows seeded here.
 * Idempotent: subjects, users and profiles that exist are kept; open slots are topped up to 14
 * days ahead on each start; past lessons and reviews are added only with a new profile.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const SEED_SUBJECTS = [
  {
    nameAr: 'الرياضيات',
    nameEn: 'Mathematics',
    icon: 'calculator',
    descriptionAr: 'الجبر والهندسة وحساب المثلثات والتفاضل والتكامل لجميع المراحل.',
    descriptionEn: 'Algebra, geometry, trigonometry and calculus for every school stage.',
    synonymsAr: ['رياضيات', 'حساب', 'جبر', 'تفاضل وتكامل'],
    synonymsEn: ['Maths', 'Math', 'Algebra', 'Geometry', 'Calculus', 'Trigonometry'],
  },
  {
    nameAr: 'الفيزياء',
    nameEn: 'Physics',
    icon: 'atom',
    descriptionAr: 'الميكانيكا والكهرباء والموجات مع حل المسائل خطوة بخطوة.',
    descriptionEn: 'Mechanics, electricity and waves, with problems solved step by step.',
    synonymsAr: ['فيزياء', 'ميكانيكا', 'كهرباء'],
    synonymsEn: ['Mechanics', 'Electricity'],
  },
  {
    nameAr: 'الكيمياء',
    nameEn: 'Chemistry',
    icon: 'flask-conical',
    descriptionAr: 'الكيمياء العامة والعضوية والمعادلات والتجارب.',
    descriptionEn: 'General and organic chemistry, equations and experiments.',
    synonymsAr: ['كيمياء', 'الكيمياء العضوية'],
    synonymsEn: ['Chem', 'Organic chemistry'],
  },
  {
    nameAr: 'الأحياء',
    nameEn: 'Biology',
    icon: 'dna',
    descriptionAr: 'الخلية والوراثة وجسم الإنسان والبيئة.',
    descriptionEn: 'Cells, genetics, the human body and ecology.',
    synonymsAr: ['أحياء', 'علم الأحياء', 'بيولوجي'],
    synonymsEn: ['Bio', 'Life science'],
  },
  {
    nameAr: 'اللغة العربية',
    nameEn: 'Arabic Language',
    icon: 'book-open-text',
    descriptionAr: 'النحو والإملاء والتعبير والقراءة والنصوص الأدبية.',
    descriptionEn: 'Grammar, spelling, writing, reading and literature in Arabic.',
    synonymsAr: ['عربي', 'لغة عربية', 'نحو', 'إملاء'],
    synonymsEn: ['Arabic', 'Arabic grammar'],
  },
  {
    nameAr: 'اللغة الإنجليزية',
    nameEn: 'English Language',
    icon: 'languages',
    descriptionAr: 'المحادثة والقواعد والكتابة والقراءة لجميع المستويات.',
    descriptionEn: 'Conversation, grammar, writing and reading for every level.',
    synonymsAr: ['إنجليزي', 'انجليزي', 'انكليزي', 'لغة إنجليزية'],
    synonymsEn: ['English', 'ESL', 'Spoken English'],
  },
  {
    nameAr: 'اللغة الفرنسية',
    nameEn: 'French Language',
    icon: 'speech',
    descriptionAr: 'الفرنسية للمبتدئين ولطلاب المدارس والجامعات.',
    descriptionEn: 'French for beginners, school and university students.',
    synonymsAr: ['فرنسي', 'فرنساوي', 'لغة فرنسية'],
    synonymsEn: ['French', 'Français'],
  },
  {
    nameAr: 'التربية الإسلامية',
    nameEn: 'Islamic Studies',
    icon: 'moon-star',
    descriptionAr: 'العقيدة والفقه والسيرة النبوية والأخلاق.',
    descriptionEn: 'Creed, jurisprudence, the life of the Prophet and ethics.',
    synonymsAr: ['إسلامية', 'تربية دينية', 'فقه', 'توحيد'],
    synonymsEn: ['Islamic education', 'Religion'],
  },
  {
    nameAr: 'القرآن الكريم',
    nameEn: 'Holy Quran',
    icon: 'book-open',
    descriptionAr: 'التلاوة والتجويد والحفظ مع المراجعة المستمرة.',
    descriptionEn: 'Recitation, tajweed and memorisation with regular revision.',
    synonymsAr: ['قرآن', 'تجويد', 'تحفيظ', 'تلاوة'],
    synonymsEn: ['Quran', 'Koran', 'Tajweed', 'Tajwid'],
  },
  {
    nameAr: 'التاريخ',
    nameEn: 'History',
    icon: 'landmark',
    descriptionAr: 'تاريخ الكويت والخليج العربي والتاريخ الإسلامي والعالمي.',
    descriptionEn: 'History of Kuwait, the Gulf, Islamic and world history.',
    synonymsAr: ['تاريخ', 'اجتماعيات', 'دراسات اجتماعية'],
    synonymsEn: ['Social studies'],
  },
  {
    nameAr: 'الجغرافيا',
    nameEn: 'Geography',
    icon: 'earth',
    descriptionAr: 'الخرائط والمناخ والسكان والموارد الطبيعية.',
    descriptionEn: 'Maps, climate, population and natural resources.',
    synonymsAr: ['جغرافية', 'اجتماعيات', 'دراسات اجتماعية'],
    synonymsEn: ['Social studies', 'Geo'],
  },
  {
    nameAr: 'علوم الحاسوب',
    nameEn: 'Computer Science',
    icon: 'cpu',
    descriptionAr: 'أساسيات الحاسوب والخوارزميات وهياكل البيانات.',
    descriptionEn: 'Computing basics, algorithms and data structures.',
    synonymsAr: ['حاسوب', 'كمبيوتر', 'حاسب آلي', 'معلوماتية'],
    synonymsEn: ['Computing', 'Informatics', 'ICT'],
  },
  {
    nameAr: 'البرمجة',
    nameEn: 'Programming',
    icon: 'code',
    descriptionAr: 'بايثون وجافاسكربت وتطوير الويب للمبتدئين والمتقدمين.',
    descriptionEn: 'Python, JavaScript and web development, from first steps to projects.',
    synonymsAr: ['برمجة', 'كودنج', 'تطوير مواقع', 'بايثون'],
    synonymsEn: ['Coding', 'Code', 'Software development', 'Web development', 'Python', 'JavaScript'],
  },
  {
    nameAr: 'المحاسبة',
    nameEn: 'Accounting',
    icon: 'receipt',
    descriptionAr: 'مبادئ المحاسبة والقوائم المالية لطلاب الجامعات.',
    descriptionEn: 'Accounting principles and financial statements for university students.',
    synonymsAr: ['محاسبة', 'حسابات', 'محاسبة مالية'],
    synonymsEn: ['Bookkeeping', 'Financial accounting'],
  },
  {
    nameAr: 'الاقتصاد',
    nameEn: 'Economics',
    icon: 'trending-up',
    descriptionAr: 'الاقتصاد الجزئي والكلي والعرض والطلب.',
    descriptionEn: 'Micro and macroeconomics, supply and demand.',
    synonymsAr: ['اقتصاد', 'اقتصاد جزئي', 'اقتصاد كلي'],
    synonymsEn: ['Econ', 'Microeconomics', 'Macroeconomics'],
  },
  {
    nameAr: 'الإحصاء',
    nameEn: 'Statistics',
    icon: 'chart-column',
    descriptionAr: 'الاحتمالات وتحليل البيانات والإحصاء الاستدلالي.',
    descriptionEn: 'Probability, data analysis and inferential statistics.',
    synonymsAr: ['إحصاء', 'احتمالات', 'إحصائيات'],
    synonymsEn: ['Stats', 'Probability'],
  },
  {
    nameAr: 'آيلتس',
    nameEn: 'IELTS',
    icon: 'graduation-cap',
    descriptionAr: 'التحضير لاختبار آيلتس بمهاراته الأربع.',
    descriptionEn: 'Preparation for all four IELTS skills.',
    synonymsAr: ['ايلتس', 'أيلتس', 'اختبار آيلتس'],
    synonymsEn: ['IELTS exam', 'IELTS test'],
  },
  {
    nameAr: 'اختبار SAT',
    nameEn: 'SAT',
    icon: 'clipboard-check',
    descriptionAr: 'الرياضيات والقراءة والكتابة لاختبار SAT.',
    descriptionEn: 'Maths, reading and writing for the SAT.',
    synonymsAr: ['سات'],
    synonymsEn: ['SAT exam', 'College Board'],
  },
  {
    nameAr: 'الفنون',
    nameEn: 'Art',
    icon: 'palette',
    descriptionAr: 'الرسم والتلوين والتصميم للأطفال والكبار.',
    descriptionEn: 'Drawing, painting and design for children and adults.',
    synonymsAr: ['فن', 'رسم', 'تلوين', 'تصميم'],
    synonymsEn: ['Arts', 'Drawing', 'Painting', 'Design'],
  },
  {
    nameAr: 'الموسيقى',
    nameEn: 'Music',
    icon: 'music',
    descriptionAr: 'العزف على العود والبيانو ومبادئ النظريات الموسيقية.',
    descriptionEn: 'Oud and piano lessons and the basics of music theory.',
    synonymsAr: ['موسيقى', 'عود', 'بيانو'],
    synonymsEn: ['Piano', 'Oud', 'Music theory'],
  },
] as const;

type SubjectName = (typeof SEED_SUBJECTS)[number]['nameEn'];

type SeedTeacher = {
  email: string;
  firstName: string;
  lastName: string;
  /** For the grammatical gender of the Arabic bio. */
  female: boolean;
  majorAr: string;
  majorEn: string;
  subjects: SubjectName[];
  years: number;
  /** KWD per hour. */
  rate: number;
};

/** How many of SEED_TEACHERS are demo teacher accounts (the first ones). */
const DEMO_TEACHER_ACCOUNTS = 3;

/** The three demo teacher accounts come first (seed.ts creates them); the others are added here. */
export const SEED_TEACHERS: SeedTeacher[] = [
  {
    email: 'teacher@ustaz.example',
    firstName: 'سارة',
    lastName: 'العنزي',
    female: true,
    majorAr: 'رياضيات تطبيقية',
    majorEn: 'Applied Mathematics',
    subjects: ['Mathematics', 'Statistics', 'SAT'],
    years: 9,
    rate: 12,
  },
  {
    email: 'teacher2@ustaz.example',
    firstName: 'Ahmed',
    lastName: 'Al-Mutairi',
    female: false,
    majorAr: 'الأدب الإنجليزي',
    majorEn: 'English Literature',
    subjects: ['English Language', 'IELTS'],
    years: 12,
    rate: 15,
  },
  {
    email: 'teacher3@ustaz.example',
    firstName: 'نورة',
    lastName: 'الرشيدي',
    female: true,
    majorAr: 'اللغة العربية وآدابها',
    majorEn: 'Arabic Language and Literature',
    subjects: ['Arabic Language', 'Islamic Studies'],
    years: 7,
    rate: 10,
  },
  {
    email: 'teacher4@ustaz.example',
    firstName: 'عبدالله',
    lastName: 'المطيري',
    female: false,
    majorAr: 'الفيزياء',
    majorEn: 'Physics',
    subjects: ['Physics', 'Mathematics'],
    years: 15,
    rate: 18,
  },
  {
    email: 'teacher5@ustaz.example',
    firstName: 'فاطمة',
    lastName: 'الكندري',
    female: true,
    majorAr: 'الكيمياء',
    majorEn: 'Chemistry',
    subjects: ['Chemistry', 'Biology'],
    years: 6,
    rate: 11.5,
  },
  {
    email: 'teacher6@ustaz.example',
    firstName: 'محمد',
    lastName: 'العجمي',
    female: false,
    majorAr: 'الشريعة والدراسات الإسلامية',
    majorEn: 'Sharia and Islamic Studies',
    subjects: ['Holy Quran', 'Islamic Studies', 'Arabic Language'],
    years: 20,
    rate: 8,
  },
  {
    email: 'teacher7@ustaz.example',
    firstName: 'مريم',
    lastName: 'الشمري',
    female: true,
    majorAr: 'الأحياء الدقيقة',
    majorEn: 'Microbiology',
    subjects: ['Biology'],
    years: 4,
    rate: 9,
  },
  {
    email: 'teacher8@ustaz.example',
    firstName: 'خالد',
    lastName: 'الهاجري',
    female: false,
    majorAr: 'هندسة الحاسوب',
    majorEn: 'Computer Engineering',
    subjects: ['Programming', 'Computer Science'],
    years: 8,
    rate: 20,
  },
  {
    email: 'teacher9@ustaz.example',
    firstName: 'دانة',
    lastName: 'العتيبي',
    female: true,
    majorAr: 'المحاسبة',
    majorEn: 'Accounting',
    subjects: ['Accounting', 'Economics'],
    years: 5,
    rate: 14,
  },
  {
    email: 'teacher10@ustaz.example',
    firstName: 'يوسف',
    lastName: 'البناي',
    female: false,
    majorAr: 'الرياضيات',
    majorEn: 'Mathematics',
    subjects: ['Mathematics', 'Physics', 'SAT'],
    years: 18,
    rate: 22.5,
  },
  {
    email: 'teacher11@ustaz.example',
    firstName: 'هيا',
    lastName: 'الفضلي',
    female: true,
    majorAr: 'اللغة الفرنسية',
    majorEn: 'French Language',
    subjects: ['French Language'],
    years: 10,
    rate: 13,
  },
  {
    email: 'teacher12@ustaz.example',
    firstName: 'علي',
    lastName: 'الموسوي',
    female: false,
    majorAr: 'التاريخ',
    majorEn: 'History',
    subjects: ['History', 'Geography'],
    years: 14,
    rate: 7.5,
  },
  {
    email: 'teacher13@ustaz.example',
    firstName: 'شيخة',
    lastName: 'الدوسري',
    female: true,
    majorAr: 'التربية الفنية',
    majorEn: 'Art Education',
    subjects: ['Art'],
    years: 3,
    rate: 6,
  },
  {
    email: 'teacher14@ustaz.example',
    firstName: 'حمد',
    lastName: 'الرشيد',
    female: false,
    majorAr: 'الاقتصاد',
    majorEn: 'Economics',
    subjects: ['Economics', 'Statistics', 'Accounting'],
    years: 11,
    rate: 16,
  },
  {
    email: 'teacher15@ustaz.example',
    firstName: 'لطيفة',
    lastName: 'الخالدي',
    female: true,
    majorAr: 'الرياضيات',
    majorEn: 'Mathematics',
    subjects: ['Mathematics'],
    years: 2,
    rate: 5,
  },
  {
    email: 'teacher16@ustaz.example',
    firstName: 'عمر',
    lastName: 'السالم',
    female: false,
    majorAr: 'علوم الحاسوب',
    majorEn: 'Computer Science',
    subjects: ['Computer Science', 'Programming', 'Mathematics'],
    years: 6,
    rate: 17.5,
  },
  {
    email: 'teacher17@ustaz.example',
    firstName: 'ريم',
    lastName: 'القطان',
    female: true,
    majorAr: 'اللغة الإنجليزية',
    majorEn: 'English Language',
    subjects: ['English Language', 'IELTS', 'SAT'],
    years: 9,
    rate: 19,
  },
  {
    email: 'teacher18@ustaz.example',
    firstName: 'سلمان',
    lastName: 'العازمي',
    female: false,
    majorAr: 'القراءات القرآنية',
    majorEn: 'Quranic Recitations',
    subjects: ['Holy Quran'],
    years: 25,
    rate: 10,
  },
  {
    email: 'teacher19@ustaz.example',
    firstName: 'أمل',
    lastName: 'الحربي',
    female: true,
    majorAr: 'الجغرافيا',
    majorEn: 'Geography',
    subjects: ['Geography', 'History'],
    years: 13,
    rate: 8.5,
  },
  {
    email: 'teacher20@ustaz.example',
    firstName: 'جاسم',
    lastName: 'البدر',
    female: false,
    majorAr: 'الكيمياء الحيوية',
    majorEn: 'Biochemistry',
    subjects: ['Chemistry', 'Biology', 'Physics'],
    years: 16,
    rate: 21,
  },
  {
    email: 'teacher21@ustaz.example',
    firstName: 'منيرة',
    lastName: 'الصالح',
    female: true,
    majorAr: 'الموسيقى',
    majorEn: 'Music',
    subjects: ['Music'],
    years: 7,
    rate: 12.5,
  },
  {
    email: 'teacher22@ustaz.example',
    firstName: 'طارق',
    lastName: 'حداد',
    female: false,
    majorAr: 'الإحصاء',
    majorEn: 'Statistics',
    subjects: ['Statistics', 'Mathematics'],
    years: 10,
    rate: 15.5,
  },
  {
    email: 'teacher23@ustaz.example',
    firstName: 'رنا',
    lastName: 'خوري',
    female: true,
    majorAr: 'الأدب الفرنسي',
    majorEn: 'French Literature',
    subjects: ['French Language', 'English Language'],
    years: 8,
    rate: 14.5,
  },
  {
    email: 'teacher24@ustaz.example',
    firstName: 'Emily',
    lastName: 'Carter',
    female: true,
    majorAr: 'تعليم اللغة الإنجليزية',
    majorEn: 'TESOL',
    subjects: ['English Language', 'IELTS'],
    years: 6,
    rate: 24,
  },
  {
    email: 'teacher25@ustaz.example',
    firstName: 'James',
    lastName: 'Wilson',
    female: false,
    majorAr: 'الرياضيات',
    majorEn: 'Mathematics',
    subjects: ['Mathematics', 'SAT'],
    years: 12,
    rate: 25,
  },
  {
    email: 'teacher26@ustaz.example',
    firstName: 'Sophie',
    lastName: 'Martin',
    female: true,
    majorAr: 'اللغات الحديثة',
    majorEn: 'Modern Languages',
    subjects: ['French Language'],
    years: 5,
    rate: 18.5,
  },
  {
    email: 'teacher27@ustaz.example',
    firstName: 'Daniel',
    lastName: 'Brooks',
    female: false,
    majorAr: 'الفيزياء',
    majorEn: 'Physics',
    subjects: ['Physics', 'Chemistry'],
    years: 1,
    rate: 9.5,
  },
  {
    email: 'teacher28@ustaz.example',
    firstName: 'Hannah',
    lastName: 'Lee',
    female: true,
    majorAr: 'الفنون الجميلة',
    majorEn: 'Fine Arts',
    subjects: ['Art', 'Music'],
    years: 4,
    rate: 11,
  },
  {
    email: 'teacher29@ustaz.example',
    firstName: 'Omar',
    lastName: 'Farouk',
    female: false,
    majorAr: 'هندسة البرمجيات',
    majorEn: 'Software Engineering',
    subjects: ['Programming', 'Computer Science'],
    years: 3,
    rate: 13.5,
  },
  {
    email: 'teacher30@ustaz.example',
    firstName: 'Yasmin',
    lastName: 'Haddad',
    female: true,
    majorAr: 'علم الأحياء',
    majorEn: 'Biology',
    subjects: ['Biology', 'Chemistry'],
    years: 11,
    rate: 16.5,
  },
];

/** Students who took the past lessons (the two demo students take part too). */
export const SEED_STUDENTS = [
  { email: 'student3@ustaz.example', firstName: 'عبدالرحمن', lastName: 'الفارس', female: false },
  { email: 'student4@ustaz.example', firstName: 'نوف', lastName: 'العتيبي', female: true },
  { email: 'student5@ustaz.example', firstName: 'سعود', lastName: 'المطيري', female: false },
  { email: 'student6@ustaz.example', firstName: 'غدير', lastName: 'الكندري', female: true },
  { email: 'student7@ustaz.example', firstName: 'مشاري', lastName: 'العنزي', female: false },
  { email: 'student8@ustaz.example', firstName: 'حصة', lastName: 'الشمري', female: true },
  { email: 'student9@ustaz.example', firstName: 'Sarah', lastName: 'Johnson', female: true },
  { email: 'student10@ustaz.example', firstName: 'Adam', lastName: 'Khan', female: false },
  { email: 'student11@ustaz.example', firstName: 'Lina', lastName: 'Haddad', female: true },
  { email: 'student12@ustaz.example', firstName: 'Noah', lastName: 'Smith', female: false },
];

const DEMO_STUDENT_EMAILS = ['student@ustaz.example', 'student2@ustaz.example'];

/** Who is a woman among the people who write and get reviews (the grammar of the Arabic texts). */
const FEMALE_EMAILS = new Set([
  ...SEED_TEACHERS.filter((t) => t.female).map((t) => t.email),
  ...SEED_STUDENTS.filter((s) => s.female).map((s) => s.email),
  'student2@ustaz.example',
]);

/** Intro videos: YouTube ids of long-lived open films (Blender Foundation) and classics. */
const VIDEO_IDS = ['aqz-KE-bpKQ', 'eRsGyueVLvQ', 'R6MlUcmOul8', 'WhWc3b3KhnY', 'Y-rmzh0PI3c', 'jNQXAC9IVRw'];

const BIO_STYLES: [string, string][] = [
  [
    'أركز على الفهم العميق بدل الحفظ، وأربط الدروس بأمثلة من الحياة اليومية.',
    'I focus on real understanding rather than memorising, with examples from everyday life.',
  ],
  [
    'أساعد طلاب المرحلتين المتوسطة والثانوية على الاستعداد للاختبارات بخطة واضحة.',
    'I help middle and high school students prepare for exams with a clear plan.',
  ],
  [
    'درّست في مدارس حكومية وخاصة في الكويت، وأتابع تقدم كل طالب بعد كل حصة.',
    'I have taught in public and private schools in Kuwait and follow up on every student after each lesson.',
  ],
  [
    'حصصي تفاعلية وممتعة، مع تمارين قصيرة وملخص بعد كل درس.',
    'My lessons are interactive, with short exercises and a summary after every class.',
  ],
  [
    'أعمل مع طلاب الجامعات وطلاب المناهج البريطانية والأمريكية.',
    'I work with university students and with British and American curriculum students.',
  ],
  [
    'أبدأ مع كل طالب من مستواه وأبني ثقته خطوة بخطوة.',
    'I start from each student’s level and build confidence step by step.',
  ],
  [
    'أستخدم السبورة التفاعلية وأشارك المواد مع الطالب بعد الحصة.',
    'I use an interactive whiteboard and share the materials after each lesson.',
  ],
  [
    'أحضّر الطلاب لاختبارات القدرات والاختبارات الدولية.',
    'I prepare students for aptitude tests and international exams.',
  ],
];

const isArabic = (text: string) => textLanguage(text) === 'ar';

/** A number in Arabic-Indic digits, as Arabic texts write them (the web's i18n README). */
const arabicDigits = (n: number) => String(n).replace(/[0-9]/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d);

function yearsAr(n: number): string {
  if (n === 1) return 'سنة واحدة';
  if (n === 2) return 'سنتين';
  if (n <= 10) return `${arabicDigits(n)} سنوات`;
  return `${arabicDigits(n)} سنة`;
}

function joinAr(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join('، ')} و${items.at(-1)}`;
}

function joinEn(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function biosOf(teacher: SeedTeacher, index: number) {
  const names = teacher.subjects.map((name) => SEED_SUBJECTS.find((s) => s.nameEn === name));
  const [styleAr, styleEn] = BIO_STYLES[index % BIO_STYLES.length] ?? ['', ''];
  return {
    bioAr: `${teacher.female ? 'معلمة' : 'معلم'} ${joinAr(names.map((s) => s?.nameAr ?? ''))} بخبرة ${yearsAr(teacher.years)}. ${styleAr}`,
    bioEn: `${joinEn(names.map((s) => s?.nameEn ?? ''))} teacher with ${teacher.years} year${teacher.years === 1 ? '' : 's'} of experience. ${styleEn}`,
  };
}

/** `YYYY-MM-DD` of a Kuwait (UTC+3) calendar day, `days` from `now`. */
export function kuwaitDay(now: number, days: number): string {
  return new Date(now + 3 * HOUR_MS + days * DAY_MS).toISOString().slice(0, 10);
}

export function kuwaitTime(day: string, hour: number): Date {
  return new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+03:00`);
}

/**
 * Open hour-long slots for the next 14 Kuwait days: afternoons 16:00-21:00 from Sunday to
 * Thursday, mornings and late afternoons on Friday and Saturday; each teacher works a fixed
 * subset of days and hours.
 */
function openSlotsFor(profile: { id: number; hourlyRateFils: number }, index: number, now: number) {
  const next = random(1000 + index);
  const weekdayHours = [16, 17, 18, 19, 20].filter(() => next() < 0.65);
  const weekendHours = [9, 10, 11, 16, 17].filter(() => next() < 0.5);
  const daysOff = new Set([Math.floor(next() * 7), Math.floor(next() * 7)]);
  const slots = [];
  for (let d = 0; d < 14; d++) {
    const day = kuwaitDay(now, d);
    const weekday = kuwaitTime(day, 12).getUTCDay();
    if (daysOff.has(weekday)) continue;
    const hours = weekday === 5 || weekday === 6 ? weekendHours : weekdayHours;
    for (const hour of hours) {
      const start = kuwaitTime(day, hour);
      if (start.getTime() <= now) continue;
      slots.push({
        teacherId: profile.id,
        startTime: start,
        endTime: new Date(start.getTime() + HOUR_MS),
        priceFils: profile.hourlyRateFils,
      });
    }
  }
  return slots;
}

type Deps = { uploadsDir: string; passwordHash: string };

const namesOf = ({ email, firstName, lastName }: { email: string; firstName: string; lastName: string }) => ({
  email,
  firstName,
  lastName,
});

/** The lesson's subject as reviews show it: the teacher's first subject in the subjects' order. */
function lessonSubjectOf(teacher: SeedTeacher) {
  const index = Math.min(...teacher.subjects.map((name) => SEED_SUBJECTS.findIndex((s) => s.nameEn === name)));
  const subject = SEED_SUBJECTS[index];
  return { subjectAr: subject?.nameAr ?? '', subjectEn: subject?.nameEn ?? '' };
}

export type DiscoverySeedResult = {
  subjects: number;
  teachers: number;
  openSlots: number;
  reviews: number;
  photos: number;
  /** Seeded subjects of an older database that got their synonyms now. */
  synonymsFilled: number;
  /** Demo accounts given their name's spelling for the other language now (ADR 020). */
  nameSpellings: number;
};

/**
 * Databases seeded before subjects had synonyms (migration 0022): each seeded subject whose two
 * lists are both still empty gets the seed's, and its teachers are re-indexed. Idempotent; a subject
 * an admin left with no synonym at all gets the seed's again on the next start.
 */
async function fillSeedSynonyms(
  db: Db,
  subjectsService: ReturnType<typeof createSubjectsService>,
  teachersService: ReturnType<typeof createTeachersService>,
): Promise<number> {
  const seeded = new Map<string, (typeof SEED_SUBJECTS)[number]>(SEED_SUBJECTS.map((s) => [s.nameEn, s]));
  let filled = 0;
  for (const row of await subjectsService.all()) {
    const seed = seeded.get(row.nameEn);
    if (!seed || row.synonymsAr.length > 0 || row.synonymsEn.length > 0) continue;
    await db.transaction(async (tx) => {
      await subjectsService.update(tx, row.id, { synonymsAr: seed.synonymsAr, synonymsEn: seed.synonymsEn });
      await teachersService.reindexTeachersOf(tx, row.id);
    });
    filled += 1;
  }
  return filled;
}

export async function seedDiscovery(db: Db, { uploadsDir, passwordHash }: Deps): Promise<DiscoverySeedResult> {
  const subjectsService = createSubjectsService(db);
  const teachersService = createTeachersService(db, subjectsService);
  const slotsService = createTimeSlotsService({ db, isListedTeacher: teachersService.isListed });
  const now = Date.now();

  // Subjects (an English name that exists is kept as it is).
  await subjectsService.create(
    db,
    SEED_SUBJECTS.map((subject, i) => ({ ...subject, sortOrder: i + 1 })),
  );
  const synonymsFilled = await fillSeedSynonyms(db, subjectsService, teachersService);
  const subjectRows = await subjectsService.all();
  const subjectByName = new Map(subjectRows.map((row) => [row.nameEn, row]));

  // Accounts: teachers and students, all with the one demo password hash.
  const usersByEmail = new Map<string, Awaited<ReturnType<typeof insertUser>>>();
  const accounts = [
    ...SEED_TEACHERS.map((t) => ({ ...namesOf(t), roleId: ROLE.teacher })),
    ...SEED_STUDENTS.map((s) => ({ ...namesOf(s), roleId: ROLE.student })),
  ];
  for (const account of accounts) {
    const existing = await findUserByEmail(db, account.email);
    const user =
      existing ??
      (await insertUser(db, { ...account, passwordHash, provider: 'email', emailConfirmedAt: new Date(now) }));
    usersByEmail.set(account.email, user);
  }
  for (const email of DEMO_STUDENT_EMAILS) {
    const user = await findUserByEmail(db, email);
    if (user) usersByEmail.set(email, user);
  }

  const reviewsAdded = await db.transaction(async (tx) => {
    // Profiles; only new ones get a history of past lessons.
    const created = await teachersService.createProfiles(
      tx,
      SEED_TEACHERS.flatMap((teacher, i) => {
        const user = usersByEmail.get(teacher.email);
        if (!user || user.roleId !== ROLE.teacher) return [];
        const video = i % 5 === 4 ? null : VIDEO_IDS[i % VIDEO_IDS.length];
        return [
          {
            userId: user.id,
            firstName: user.firstName,
            lastName: user.lastName,
            ...biosOf(teacher, i),
            majorAr: teacher.majorAr,
            majorEn: teacher.majorEn,
            experienceYears: teacher.years,
            hourlyRateFils: Math.round(teacher.rate * 1000),
            videoUrl: video ? (i % 2 ? `https://youtu.be/${video}` : `https://www.youtube.com/watch?v=${video}`) : null,
            subjects: teacher.subjects.flatMap((name) => subjectByName.get(name) ?? []),
          },
        ];
      }),
    );
    if (created.length === 0) return 0;

    const students = [...DEMO_STUDENT_EMAILS, ...SEED_STUDENTS.map((s) => s.email)].flatMap(
      (email) => usersByEmail.get(email) ?? [],
    );
    const teacherIndex = new Map(SEED_TEACHERS.map((t, i) => [usersByEmail.get(t.email)?.id, i]));
    const others = students.slice(1);
    const lessons = planPastLessons({
      teachers: created.map((profile) => {
        const index = teacherIndex.get(profile.userId) ?? 0;
        return { ...profile, index, demo: index < DEMO_TEACHER_ACCOUNTS };
      }),
      demoStudent: students[0],
      students: {
        ar: others.filter((student) => isArabic(student.firstName)),
        en: others.filter((student) => !isArabic(student.firstName)),
      },
      at: (daysBack, hour) => kuwaitTime(kuwaitDay(now, -daysBack), hour),
    });
    const pastSlots = await slotsService.create(
      tx,
      lessons.map((lesson) => ({
        teacherId: lesson.teacherId,
        startTime: lesson.start,
        endTime: new Date(lesson.start.getTime() + HOUR_MS),
        priceFils: created.find((p) => p.id === lesson.teacherId)?.hourlyRateFils ?? 10_000,
        status: 'booked' as const,
      })),
    );
    const slotKey = (teacherId: number, start: Date) => `${teacherId}@${start.getTime()}`;
    const slotIds = new Map(pastSlots.map((slot) => [slotKey(slot.teacherId, slot.startTime), slot.id]));
    const reservationRows = await insertReservations(
      tx,
      lessons.flatMap((lesson) => {
        const timeSlotId = slotIds.get(slotKey(lesson.teacherId, lesson.start));
        if (timeSlotId === undefined) return [];
        const createdAt = new Date(lesson.start.getTime() - 3 * DAY_MS);
        const { studentId, teacherId } = lesson;
        return [{ studentId, teacherId, timeSlotId, status: 'completed' as const, createdAt }];
      }),
    );
    const lessonOfSlot = new Map(
      lessons.map((lesson) => [slotIds.get(slotKey(lesson.teacherId, lesson.start)), lesson] as const),
    );
    const userById = new Map([...usersByEmail.values()].map((u) => [u.id, u]));
    const textsOf = new Map(
      created.map((profile) => {
        const index = teacherIndex.get(profile.userId) ?? 0;
        const teacher = SEED_TEACHERS[index] ?? SEED_TEACHERS[0];
        if (!teacher) throw new Error('no seeded teachers');
        return [
          profile.id,
          createReviewTexts(random(4243 + index), { female: teacher.female, ...lessonSubjectOf(teacher) }),
        ];
      }),
    );
    const reviewRows = reservationRows.flatMap((reservation) => {
      const lesson = lessonOfSlot.get(reservation.timeSlotId);
      const texts = textsOf.get(reservation.teacherId);
      if (!lesson || !texts) return [];
      const next = random(7919 + reservation.id);
      const written = new Date(lesson.start.getTime() + 3 * HOUR_MS + Math.floor(next() * 20) * HOUR_MS);
      const student = userById.get(lesson.studentId);
      const teacher = userById.get(lesson.teacherUserId);
      // Each writes in their own language: a Latin name writes English, an Arabic one Arabic.
      const studentLanguage = student && isArabic(student.firstName) ? 'ar' : 'en';
      const teacherWritesArabic = Boolean(teacher && isArabic(teacher.firstName));
      const rows = [];
      const aboutStudentAt =
        next() < 0.4 ? new Date(written.getTime() + (1 + Math.floor(next() * 30)) * HOUR_MS) : null;
      // The demo student's latest lesson is left for them to review.
      const leaveForDemo = lesson.studentId === students[0]?.id && teacherIndex.get(lesson.teacherUserId) === 0;
      if (!leaveForDemo && lesson.reviewed) {
        // The teacher's one public reply, once the review is published (the teacher reviewed too,
        // or by time past the deadline: ADR 015), in the review's language; sooner to a critical one.
        const published =
          aboutStudentAt ?? reviewPublishesAt(written, new Date(lesson.start.getTime() + HOUR_MS + REVIEW_WINDOW_MS));
        const repliedAt = new Date(published.getTime() + (2 + Math.floor(next() * 46)) * HOUR_MS);
        const replies = next() < (lesson.rating >= 4 ? 0.3 : 0.75);
        const canReply = studentLanguage === 'en' || teacherWritesArabic;
        const replyText =
          replies && canReply && repliedAt.getTime() < now ? texts.reply(studentLanguage, lesson.rating) : null;
        rows.push({
          reservationId: reservation.id,
          type: 'student_to_teacher' as const,
          rating: lesson.rating,
          comment: texts.review(studentLanguage, lesson.rating),
          teacherId: lesson.teacherId,
          studentId: lesson.studentId,
          createdAt: written,
          replyText,
          repliedAt: replyText ? repliedAt : null,
        });
      }
      if (aboutStudentAt) {
        const language = teacherWritesArabic && studentLanguage === 'ar' ? 'ar' : 'en';
        rows.push({
          reservationId: reservation.id,
          type: 'teacher_to_student' as const,
          rating: next() < 0.7 ? 5 : 4,
          comment: aboutStudent(next, language, FEMALE_EMAILS.has(student?.email ?? '')),
          teacherId: lesson.teacherId,
          studentId: lesson.studentId,
          createdAt: aboutStudentAt,
        });
      }
      return rows;
    });
    const inserted = await insertReviews(tx, reviewRows);
    await teachersService.refreshAggregates(
      tx,
      created.map((p) => p.id),
    );
    return inserted.length;
  });

  // Open slots for the next 14 days, topped up on every start (overlaps are skipped).
  const profiles = await db
    .select({ id: teacherProfiles.id, userId: teacherProfiles.userId, hourlyRateFils: teacherProfiles.hourlyRateFils })
    .from(teacherProfiles)
    .where(
      inArray(
        teacherProfiles.userId,
        SEED_TEACHERS.flatMap((t) => usersByEmail.get(t.email)?.id ?? []),
      ),
    );
  const indexOfUser = new Map(SEED_TEACHERS.map((t, i) => [usersByEmail.get(t.email)?.id, i]));
  const openSlots = await slotsService.create(
    db,
    profiles.flatMap((profile) => openSlotsFor(profile, indexOfUser.get(profile.userId) ?? 0, now)),
    { skipOverlaps: true },
  );

  // Photos for the seeded teachers and students that have none.
  const files = createFilesService(db, uploadsDir);
  let photos = 0;
  for (const [i, account] of accounts.entries()) {
    const user = usersByEmail.get(account.email);
    if (!user || user.photoFileId) continue;
    const person = { female: FEMALE_EMAILS.has(account.email), gulf: isArabic(account.firstName) };
    const { file } = await files.saveImage(user.id, await renderAvatarWebp(i, AVATAR_SIZE, person));
    await updateUser(db, user.id, { photoFileId: file.id });
    photos += 1;
  }

  // Names spelled for the other language's pages, also for databases seeded before there were any.
  const nameSpellings = await fillSeedNameSpellings(db, teachersService.reindexUser);

  return {
    subjects: subjectRows.length,
    teachers: profiles.length,
    openSlots: openSlots.length,
    reviews: reviewsAdded,
    photos,
    synonymsFilled,
    nameSpellings,
  };
}
