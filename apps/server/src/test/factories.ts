import { randomUUID } from 'node:crypto';
import { ROLE } from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  lessonAttendance,
  type SubjectRow,
  type subscriptionPackages,
  type TeacherProfileRow,
  teacherProfiles,
  type UserRow,
  type users,
} from '../db/schema.ts';
import { insertSession, insertUser } from '../modules/auth/auth.repo.ts';
import { createAccessTokens } from '../modules/auth/tokens.ts';
import { insertReservations } from '../modules/booking/reservations.repo.ts';
import { postTransfer, systemAccountId, userAccountId } from '../modules/ledger/ledger.service.ts';
import { createSubjectsService, type NewSubject } from '../modules/subjects/subjects.service.ts';
import { createTeachersService, type NewTeacherProfile } from '../modules/teachers/teachers.service.ts';
import { createTimeSlotsService } from '../modules/time-slots/time-slots.service.ts';
import { testConfig } from './helpers.ts';

const HOUR_MS = 60 * 60 * 1000;

export type TestUser = { user: UserRow; headers: { authorization: string } };
export type TestTeacher = TestUser & { profile: TeacherProfileRow };
type ReservationStatus = 'pending' | 'confirmed' | 'completed' | 'cancelled';
/** A reservation's optional start, creation time and payment (see the factories' `reservation`). */
type ReservationMore = {
  start?: Date;
  createdAt?: Date;
  /** A completed lesson that was not paid nor attended (its review does not count): false. */
  paid?: boolean;
};

/**
 * Test data through the real services and repos: subjects, teachers with profiles, subjects and
 * slots, students, reservations, and bearer headers signed with the test app's key.
 */
export function createFactories(database: Database, jwtSecret = testConfig().jwtSecret) {
  if (!jwtSecret) throw new Error('the test config has a JWT secret');
  const db = database.db;
  const subjectsService = createSubjectsService(db);
  const teachersService = createTeachersService(db, subjectsService);
  const slotsService = createTimeSlotsService({ db, isListedTeacher: teachersService.isListed });
  const tokens = createAccessTokens(jwtSecret);
  let sequence = 0;

  /** A bearer of a real, live session (requireAuth refuses tokens whose session is gone). */
  async function headersOf(user: UserRow) {
    const sessionFamily = randomUUID();
    await insertSession(db, {
      userId: user.id,
      familyId: sessionFamily,
      tokenHash: `test-${randomUUID()}`,
      expiresAt: new Date(Date.now() + 30 * 24 * HOUR_MS),
    });
    const { token } = await tokens.sign({ userId: user.id, roleId: user.roleId, sessionFamily });
    return { authorization: `Bearer ${token}` };
  }

  async function user(values: Partial<typeof users.$inferInsert> = {}): Promise<TestUser> {
    sequence += 1;
    const row = await insertUser(db, {
      email: `user${sequence}-${randomUUID().slice(0, 8)}@example.com`,
      firstName: `First${sequence}`,
      lastName: `Last${sequence}`,
      roleId: ROLE.student,
      provider: 'email',
      emailConfirmedAt: new Date(),
      ...values,
    });
    return { user: row, headers: await headersOf(row) };
  }

  /**
   * A reservation of a booked slot (in the past unless `start` says otherwise). A completed one is
   * a lesson as the product leaves it (issue 29), unless `paid: false`: paid from the student's wallet
   * (a test top-up, then the booking's transfer into escrow: its earning not released yet), both
   * parties in the room from the start to the end, and verified (its review counts).
   */
  async function reservation(
    options: { studentId: number; teacherId: number; status: ReservationStatus } & ReservationMore,
  ) {
    sequence += 1;
    const start = options.start ?? new Date(Date.now() - (48 + sequence * 2) * HOUR_MS);
    const [slot] = await slotsService.create(db, [
      {
        teacherId: options.teacherId,
        startTime: start,
        endTime: new Date(start.getTime() + HOUR_MS),
        priceFils: 10_000,
        status: 'booked',
      },
    ]);
    if (!slot) throw new Error('slot not created');
    const paid = options.status === 'completed' && options.paid !== false;
    const group = `bk_test_${slot.id}`;
    return db.transaction(async (tx) => {
      if (paid) {
        const wallet = await userAccountId(tx, 'wallet', options.studentId);
        await postTransfer(tx, {
          key: `test:fund:lesson:${slot.id}`,
          kind: 'top_up',
          legs: [
            { accountId: await systemAccountId(tx, 'gateway'), amountFils: -slot.priceFils },
            { accountId: wallet, amountFils: slot.priceFils },
          ],
        });
        await postTransfer(tx, {
          key: `booking:${group}`,
          kind: 'booking',
          actorUserId: options.studentId,
          legs: [
            { accountId: wallet, amountFils: -slot.priceFils },
            { accountId: await systemAccountId(tx, 'escrow'), amountFils: slot.priceFils },
          ],
        });
      }
      const [reservation] = await insertReservations(tx, [
        {
          studentId: options.studentId,
          teacherId: options.teacherId,
          timeSlotId: slot.id,
          status: options.status,
          ...(options.createdAt ? { createdAt: options.createdAt } : {}),
          ...(paid
            ? { paidWith: 'wallet' as const, cashFils: slot.priceFils, bookingGroup: group, verifiedLesson: true }
            : {}),
        },
      ]);
      if (!reservation) throw new Error('reservation not created');
      if (paid) {
        const [profile] = await tx
          .select({ userId: teacherProfiles.userId })
          .from(teacherProfiles)
          .where(eq(teacherProfiles.id, options.teacherId));
        await tx.insert(lessonAttendance).values(
          [
            ['teacher', profile?.userId ?? 0],
            ['student', options.studentId],
          ].map(([role, userId]) => ({
            reservationId: reservation.id,
            userId: userId as number,
            role: role as 'student' | 'teacher',
            joinedAt: slot.startTime,
            leftAt: slot.endTime,
          })),
        );
      }
      return reservation;
    });
  }

  return {
    headersOf,
    user,
    student: (values: Partial<typeof users.$inferInsert> = {}) => user({ roleId: ROLE.student, ...values }),

    async subject(values: Partial<NewSubject> = {}): Promise<SubjectRow> {
      sequence += 1;
      const [row] = await subjectsService.create(db, [
        { nameAr: `مادة ${sequence}`, nameEn: `Subject ${sequence}`, ...values },
      ]);
      if (!row) throw new Error('subject not created');
      return row;
    },

    /**
     * A teacher user with a profile. `averageRating`, `ratingCount` and `bookingsCount` are set
     * directly (the aggregates' own rules are tested through reviews); `slots` are hour-long
     * open slots starting at the given times.
     */
    async teacher(
      options: {
        firstName?: string;
        lastName?: string;
        roleId?: number;
        status?: 'active' | 'suspended';
        subjects?: SubjectRow[];
        profile?: Partial<Omit<NewTeacherProfile, 'userId' | 'firstName' | 'lastName' | 'subjects'>>;
        averageRating?: number;
        ratingCount?: number;
        bookingsCount?: number;
        createdAt?: Date;
        slots?: Date[];
      } = {},
    ): Promise<TestTeacher> {
      const created = await user({
        roleId: options.roleId ?? ROLE.teacher,
        status: options.status ?? 'active',
        ...(options.firstName ? { firstName: options.firstName } : {}),
        ...(options.lastName ? { lastName: options.lastName } : {}),
      });
      const [inserted] = await teachersService.createProfiles(db, [
        {
          userId: created.user.id,
          firstName: created.user.firstName,
          lastName: created.user.lastName,
          hourlyRateFils: 10_000,
          experienceYears: 5,
          ...options.profile,
          subjects: options.subjects ?? [],
        },
      ]);
      if (!inserted) throw new Error('profile not created');
      const [profile] = await db
        .update(teacherProfiles)
        .set({
          averageRating: options.averageRating ?? 0,
          ratingCount: options.ratingCount ?? (options.averageRating ? 1 : 0),
          bookingsCount: options.bookingsCount ?? 0,
          ...(options.createdAt ? { createdAt: options.createdAt } : {}),
        })
        .where(eq(teacherProfiles.id, inserted.id))
        .returning();
      if (!profile) throw new Error('profile not updated');
      if (options.slots?.length) {
        await slotsService.create(
          db,
          options.slots.map((start) => ({
            teacherId: profile.id,
            startTime: start,
            endTime: new Date(start.getTime() + HOUR_MS),
            priceFils: profile.hourlyRateFils,
          })),
        );
      }
      return { ...created, profile };
    },

    async slot(
      teacherId: number,
      start: Date,
      values: { hours?: number; status?: 'open' | 'held' | 'booked'; priceFils?: number } = {},
    ) {
      const [row] = await slotsService.create(db, [
        {
          teacherId,
          startTime: start,
          endTime: new Date(start.getTime() + (values.hours ?? 1) * HOUR_MS),
          priceFils: values.priceFils ?? 10_000,
          status: values.status ?? 'open',
        },
      ]);
      if (!row) throw new Error('slot not created');
      return row;
    },

    reservation,

    /** {@link reservation} of `student` with `teacher` in `status`, with the `more` it takes. */
    lessonBetween(
      student: { user: { id: number } },
      teacher: { profile: { id: number } },
      status: ReservationStatus,
      more: ReservationMore = {},
    ) {
      return reservation({ studentId: student.user.id, teacherId: teacher.profile.id, status, ...more });
    },
  };
}

/** A subscription package row to insert (`insertPackages`): the Starter package, 5 hours for 20 KWD, with `overrides`. */
export function starterPackage(
  overrides: Partial<typeof subscriptionPackages.$inferInsert> = {},
): typeof subscriptionPackages.$inferInsert {
  return {
    nameAr: 'باقة البداية',
    nameEn: 'Starter',
    descriptionAr: 'خمس ساعات',
    descriptionEn: 'Five hours',
    hours: 5,
    priceFils: 20_000,
    validityDays: 30,
    featuresAr: [],
    featuresEn: [],
    sortOrder: 1,
    ...overrides,
  };
}

/** `YYYY-MM-DD` of the Kuwait calendar day `days` from now. */
export function kuwaitDay(days = 0, now = Date.now()): string {
  return new Date(now + 3 * HOUR_MS + days * 24 * HOUR_MS).toISOString().slice(0, 10);
}

/** A time on a Kuwait calendar day: `kuwaitTime(kuwaitDay(1), 17)` is tomorrow 17:00 in Kuwait. */
export function kuwaitTime(day: string, hour: number, minute = 0): Date {
  return new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+03:00`);
}
