// The catalogue the API benches load: 10k teachers and 200k slots by default (ARCHITECTURE.md
// "Budgets"), seeded through SQL with the server's own search text builder (the shared normaliser),
// and the teacher-search query mixes they send.
import { teacherSearchText } from '../../apps/server/src/modules/teachers/search-text.ts';
import { normalizeSearchText } from '../../packages/contract/src/arabic-normalize.ts';
import type { Queryable } from './queryable.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const searchPath = (params: Record<string, string>): string =>
  `/api/teachers/search?${new URLSearchParams(params)}`;
const q = searchPath;

// Deterministic data ---------------------------------------------------------------------------

let state = 42;
function rand() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
function pick<T>(items: readonly T[]): T {
  const item = items[Math.floor(rand() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export const SUBJECTS: [ar: string, en: string][] = [
  ['الرياضيات', 'Mathematics'],
  ['الفيزياء', 'Physics'],
  ['الكيمياء', 'Chemistry'],
  ['الأحياء', 'Biology'],
  ['اللغة العربية', 'Arabic Language'],
  ['اللغة الإنجليزية', 'English Language'],
  ['اللغة الفرنسية', 'French Language'],
  ['التربية الإسلامية', 'Islamic Studies'],
  ['القرآن الكريم', 'Holy Quran'],
  ['التاريخ', 'History'],
  ['الجغرافيا', 'Geography'],
  ['علوم الحاسوب', 'Computer Science'],
  ['البرمجة', 'Programming'],
  ['المحاسبة', 'Accounting'],
  ['الاقتصاد', 'Economics'],
  ['الإحصاء', 'Statistics'],
  ['آيلتس', 'IELTS'],
  ['اختبار SAT', 'SAT'],
  ['الفنون', 'Art'],
  ['الموسيقى', 'Music'],
];
const FIRST = [
  'سارة',
  'أحمد',
  'نورة',
  'محمد',
  'فاطمة',
  'عبدالله',
  'مريم',
  'خالد',
  'دانة',
  'يوسف',
  'هيا',
  'علي',
  'Emily',
  'James',
  'Sophie',
  'Daniel',
  'Hannah',
  'Omar',
  'Yasmin',
  'Adam',
];
const LAST = [
  'العنزي',
  'المطيري',
  'الرشيدي',
  'العجمي',
  'الكندري',
  'الشمري',
  'الهاجري',
  'العتيبي',
  'Carter',
  'Wilson',
  'Martin',
  'Brooks',
  'Lee',
  'Haddad',
  'Khan',
  'Smith',
];
const BIO_AR = [
  'أركز على الفهم العميق بدل الحفظ.',
  'أساعد الطلاب على الاستعداد للاختبارات بخطة واضحة.',
  'حصصي تفاعلية مع تمارين قصيرة.',
  'أبدأ مع كل طالب من مستواه.',
];
const BIO_EN = [
  'I focus on understanding rather than memorising.',
  'I help students prepare for exams with a clear plan.',
  'Interactive lessons with short exercises.',
  'I start from each student’s level.',
];

// Helpers --------------------------------------------------------------------------------------

export function kuwaitDay(days: number): string {
  return new Date(Date.now() + 3 * HOUR + days * DAY).toISOString().slice(0, 10);
}

// Database -------------------------------------------------------------------------------------

/**
 * Seeds the catalogue through plain SQL (works on a pg Client and on PGlite): SUBJECTS, `teachers`
 * listed teachers with bilingual bios and the server's own search text, `slots` hour-long slots
 * over the next 14 Kuwait days (85% open). Deterministic (a fixed seed).
 */
export type Catalogue = { subjects: number[]; teachers: number; teacherIds: number[]; slots: number; seconds: number };

export async function seedCatalogue(
  client: Queryable,
  { teachers: TEACHERS = 10_000, slots: SLOTS = 200_000 } = {},
): Promise<Catalogue> {
  state = 42;
  const started = Date.now();
  await client.query('begin');
  const subjectRows = SUBJECTS.map(([ar, en], i) => [ar, en, i + 1, normalizeSearchText(`${ar} ${en}`)]);
  const { rows: subjects } = await client.query<{ id: number; name_ar: string; name_en: string }>(
    `insert into subjects (name_ar, name_en, sort_order, search_text)
     select * from unnest($1::text[], $2::text[], $3::int[], $4::text[]) returning id, name_ar, name_en`,
    [0, 1, 2, 3].map((c) => subjectRows.map((row) => row[c])),
  );

  const firstNames: string[] = [];
  const lastNames: string[] = [];
  const emails: string[] = [];
  for (let i = 0; i < TEACHERS; i++) {
    firstNames.push(pick(FIRST));
    lastNames.push(pick(LAST));
    emails.push(`bench-teacher-${i}@ustaz.example`);
  }
  const { rows: users } = await client.query<{ id: number }>(
    `insert into users (email, first_name, last_name, role_id, email_confirmed_at)
     select e, f, l, 2, now() from unnest($1::text[], $2::text[], $3::text[]) as t(e, f, l) returning id`,
    [emails, firstNames, lastNames],
  );

  const profile = {
    userId: [] as number[],
    bioAr: [] as string[],
    bioEn: [] as string[],
    majorAr: [] as string[],
    majorEn: [] as string[],
    years: [] as number[],
    rate: [] as number[],
    rating: [] as number[],
    ratings: [] as number[],
    bookings: [] as number[],
    created: [] as string[],
    search: [] as string[],
  };
  const teacherSubjects: number[][] = [];
  for (let i = 0; i < TEACHERS; i++) {
    const taught = [...new Set(Array.from({ length: 1 + Math.floor(rand() * 4) }, () => pick(subjects)))];
    const [majorAr, majorEn] = pick(SUBJECTS);
    const bioAr = `${pick(BIO_AR)} ${taught.map((s) => s.name_ar).join('، ')}`;
    const bioEn = `${pick(BIO_EN)} ${taught.map((s) => s.name_en).join(', ')}`;
    profile.userId.push(users[i]?.id ?? 0);
    profile.bioAr.push(bioAr);
    profile.bioEn.push(bioEn);
    profile.majorAr.push(majorAr);
    profile.majorEn.push(majorEn);
    profile.years.push(1 + Math.floor(rand() * 25));
    profile.rate.push(5000 + 500 * Math.floor(rand() * 41));
    const ratingCount = Math.floor(rand() * 40);
    profile.rating.push(ratingCount === 0 ? 0 : Math.round((2.5 + rand() * 2.5) * 100) / 100);
    profile.ratings.push(ratingCount);
    profile.bookings.push(ratingCount + Math.floor(rand() * 30));
    profile.created.push(new Date(Date.now() - rand() * 700 * DAY).toISOString());
    profile.search.push(
      teacherSearchText({
        firstName: firstNames[i] ?? '',
        lastName: lastNames[i] ?? '',
        bioAr,
        bioEn,
        majorAr,
        majorEn,
        subjects: taught.map((s) => ({ nameAr: s.name_ar, nameEn: s.name_en })),
      }),
    );
    teacherSubjects.push(taught.map((s) => s.id));
  }
  const { rows: profiles } = await client.query<{ id: number; hourly_rate_fils: number }>(
    `insert into teacher_profiles (user_id, bio_ar, bio_en, major_ar, major_en, experience_years, hourly_rate_fils,
       average_rating, rating_count, bookings_count, created_at, search_text)
     select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[],
       $8::numeric[], $9::int[], $10::int[], $11::timestamptz[], $12::text[]) returning id, hourly_rate_fils`,
    Object.values(profile),
  );
  const tsTeacher: number[] = [];
  const tsSubject: number[] = [];
  profiles.forEach((p, i) => {
    for (const subjectId of teacherSubjects[i] ?? []) {
      tsTeacher.push(p.id);
      tsSubject.push(subjectId);
    }
  });
  await client.query(
    'insert into teacher_subjects (teacher_id, subject_id) select * from unnest($1::int[], $2::int[])',
    [tsTeacher, tsSubject],
  );

  // Slots: hour-long, on distinct (day, hour) pairs per teacher, over the next 14 Kuwait days.
  const perTeacher = Math.ceil(SLOTS / profiles.length);
  const dayStart = new Date(`${kuwaitDay(0)}T00:00:00+03:00`).getTime();
  const emptyBatch = () => ({
    teacher: [] as number[],
    start: [] as string[],
    end: [] as string[],
    price: [] as number[],
    status: [] as string[],
  });
  let slotBatch = emptyBatch();
  let slots = 0;
  async function flush() {
    await client.query(
      `insert into time_slots (teacher_id, start_time, end_time, price_fils, status)
       select * from unnest($1::int[], $2::timestamptz[], $3::timestamptz[], $4::int[], $5::text[])`,
      Object.values(slotBatch),
    );
    slotBatch = emptyBatch();
  }
  for (const p of profiles) {
    const taken = new Set<number>();
    while (taken.size < perTeacher && slots + taken.size < SLOTS) {
      taken.add(Math.floor(rand() * 14) * 24 + 8 + Math.floor(rand() * 13));
    }
    for (const hourIndex of taken) {
      const start = dayStart + hourIndex * HOUR;
      slotBatch.teacher.push(p.id);
      slotBatch.start.push(new Date(start).toISOString());
      slotBatch.end.push(new Date(start + HOUR).toISOString());
      slotBatch.price.push(p.hourly_rate_fils);
      slotBatch.status.push(rand() < 0.85 ? 'open' : 'booked');
    }
    slots += taken.size;
    if (slotBatch.teacher.length >= 20_000) await flush();
  }
  if (slotBatch.teacher.length > 0) await flush();
  await client.query('commit');
  // What autovacuum leaves a few minutes after a bulk load: statistics, and the visibility map
  // that index-only scans (open slots by teacher, subjects by teacher) and the planner's costs read.
  await client.query('vacuum analyze');
  return {
    subjects: subjects.map((s) => s.id),
    teachers: profiles.length,
    teacherIds: profiles.map((p) => p.id),
    slots,
    seconds: (Date.now() - started) / 1000,
  };
}

/** Realistic search mixes: [name, paths[]]; `data` is what seedCatalogue returned. */
export function searchScenarios(data: Pick<Catalogue, 'subjects'>): [string, string[]][] {
  const words = ['رياضيات', 'physics', 'سارة', 'english', 'الكيمياء', 'ahmed', 'اللغه الانجليزيه', 'quran'];
  return [
    ['text search (8 terms, ar + en)', words.map((search) => q({ search }))],
    ['subject filter (subjects[]=id, 20 ids)', data.subjects.map((id) => q({ 'subjects[]': String(id) }))],
    ['availableOn (next 7 days)', [1, 2, 3, 4, 5, 6, 7].map((d) => q({ availableOn: kuwaitDay(d) }))],
    [
      'home carousels (famous, most booked)',
      [
        q({ minRating: '4', sortBy: 'averageRating', sortOrder: 'DESC', limit: '10' }),
        q({ sortBy: 'experience', sortOrder: 'DESC', limit: '10' }),
        q({ mostBooked: 'true', limit: '10' }),
      ],
    ],
    [
      'combined (text + subject + rate + day + sort)',
      // "physics teachers of Physics under 20 KWD free on day N, cheapest first", ar and en.
      data.subjects.slice(0, 8).map((id, i) =>
        q({
          search: SUBJECTS[i]?.[i % 2] ?? '',
          'subjects[]': String(id),
          maxHourlyRate: '20',
          availableOn: kuwaitDay(1 + (i % 7)),
          sortBy: 'hourlyRate',
          sortOrder: 'ASC',
        }),
      ),
    ],
    [
      'page 2 of a broad search (sort by rate)',
      [1, 2, 3, 4].map((page) => q({ sortBy: 'hourlyRate', page: String(page + 1) })),
    ],
  ];
}
