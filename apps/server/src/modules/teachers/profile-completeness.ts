import {
  PROFILE_COMPLETENESS_ITEMS,
  PROFILE_COMPLETENESS_SLOT_DAYS,
  type ProfileCompletenessItem,
  type TeacherCompleteness,
} from '@ustaz/contract';
import { HttpError } from '../../http/errors.ts';
import { completenessFacts } from './teacher-facts.repo.ts';
import { findProfile, findProfileIdOfUser } from './teacher-profile.repo.ts';
import { DAY_MS, type TeachersContext } from './teachers-context.ts';

/** The signed-in teacher's completeness meter: what the profile has and what it lacks; 404 for others. */
export async function completeness(
  ctx: TeachersContext,
  userId: number,
  now = new Date(),
): Promise<TeacherCompleteness> {
  const id = await findProfileIdOfUser(ctx.db, userId);
  const profile = id === undefined ? undefined : await findProfile(ctx.db, id);
  if (!profile) throw new HttpError(404, 'notFound', 'You have no teacher profile');
  const until = new Date(now.getTime() + PROFILE_COMPLETENESS_SLOT_DAYS * DAY_MS);
  const facts = await completenessFacts(ctx.db, profile.id, now, until);
  const done: Record<ProfileCompletenessItem, boolean> = {
    photo: facts.hasPhoto,
    bioAr: profile.bioAr.trim() !== '',
    bioEn: profile.bioEn.trim() !== '',
    video: Boolean(profile.videoUrl),
    subjects: facts.subjects > 0,
    openSlots: facts.openSlots > 0,
  };
  const items = PROFILE_COMPLETENESS_ITEMS.map((item) => ({ item, done: done[item] }));
  return {
    items,
    done: items.filter((item) => item.done).length,
    total: items.length,
    openSlotsAhead: facts.openSlots,
  };
}
