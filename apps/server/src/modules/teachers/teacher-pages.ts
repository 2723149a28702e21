import {
  type Language,
  type OwnTeacherProfile,
  RELIABILITY_REPLY_DAYS,
  type TeacherDetail,
  type TeacherProfile,
} from '@ustaz/contract';
import { HttpError } from '../../http/errors.ts';
import { toReliability, toTeacherProfile } from './teacher.presenter.ts';
import { reliabilityFacts } from './teacher-facts.repo.ts';
import {
  findListedTeacher,
  findListedTeachers,
  findProfile,
  findProfileIdOfUser,
  findTeacherOfUser,
  subjectsOfTeachers,
  type TeacherListRow,
  teachersOfStudent,
} from './teacher-profile.repo.ts';
import { DAY_MS, type TeachersContext } from './teachers-context.ts';

/** The teacher reads: the public page, the owner's own profile, a student's teachers. */

export const PREVIOUSLY_INTERACTED_LIMIT = 50;

/** A reservation's cancel_reason when the teacher did not come (the lessons module writes it). */
const TEACHER_NO_SHOW = 'teacherNoShow';

async function present(ctx: TeachersContext, rows: TeacherListRow[], language: Language): Promise<TeacherProfile[]> {
  const subjectRows = await subjectsOfTeachers(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toTeacherProfile(
      row,
      subjectRows.filter((subject) => subject.teacherId === row.id),
      language,
    ),
  );
}

/** The signed-in teacher's own profile (also before it is listed) with their settings; 404 for others. */
export async function ownProfile(ctx: TeachersContext, userId: number, language: Language): Promise<OwnTeacherProfile> {
  const row = await findTeacherOfUser(ctx.db, userId);
  const [profile] = row ? await present(ctx, [row], language) : [];
  const settings = profile ? await findProfile(ctx.db, profile.id) : undefined;
  if (!profile || !settings) throw new HttpError(404, 'notFound', 'You have no teacher profile');
  return {
    ...profile,
    timeZone: settings.timeZone,
    bioAr: settings.bioAr,
    bioEn: settings.bioEn,
    meetingLink: settings.meetingLink,
  };
}

/** The teacher page: a listed teacher's profile and reliability figures. */
export async function profile(
  ctx: TeachersContext,
  id: number,
  language: Language,
  now = new Date(),
): Promise<TeacherDetail> {
  const row = await findListedTeacher(ctx.db, id);
  if (!row) throw new HttpError(404, 'notFound', 'Teacher not found');
  const since = new Date(now.getTime() - RELIABILITY_REPLY_DAYS * DAY_MS);
  const [[profile], facts] = await Promise.all([
    present(ctx, [row], language),
    reliabilityFacts(ctx.db, { profileId: row.id, userId: row.userId }, since, TEACHER_NO_SHOW),
  ]);
  if (!profile) throw new HttpError(404, 'notFound', 'Teacher not found');
  return { ...profile, reliability: toReliability(facts) };
}

export async function previouslyInteracted(
  ctx: TeachersContext,
  studentId: number,
  language: Language,
): Promise<TeacherProfile[]> {
  return present(ctx, await teachersOfStudent(ctx.db, studentId, PREVIOUSLY_INTERACTED_LIMIT), language);
}

/**
 * The cards of the listed teachers among `ids`, in the order of `ids` (the favourites list asks it,
 * ADR 031): an unknown, unlisted or suspended teacher is left out.
 */
export async function listedCards(ctx: TeachersContext, ids: number[], language: Language): Promise<TeacherProfile[]> {
  const rows = await findListedTeachers(ctx.db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  return present(ctx, ordered, language);
}

/** The teacher profile of a user (id, hourly rate and time zone), if the user teaches. */
export async function teacherOfUser(ctx: TeachersContext, userId: number) {
  const id = await findProfileIdOfUser(ctx.db, userId);
  const profile = id === undefined ? undefined : await findProfile(ctx.db, id);
  return profile
    ? {
        id: profile.id,
        hourlyRateFils: profile.hourlyRateFils,
        trialPriceFils: profile.trialPriceFils,
        timeZone: profile.timeZone,
      }
    : undefined;
}
