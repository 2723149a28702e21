import {
  BOOKING,
  kwdToFils,
  type Language,
  type OwnTeacherProfile,
  type teacherProfilePatchSchema,
} from '@ustaz/contract';
import type { z } from 'zod';
import { storableText } from '../../db/storable-text.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { fixLessonLinksBeforeProfileChange } from '../lessons/lessons.service.ts';
import { applyChanges, type ProfileChanges } from './profile-changes.ts';
import { ownProfile } from './teacher-pages.ts';
import { findProfile, repriceOpenSlots, repriceOpenTrialSlots } from './teacher-profile.repo.ts';
import type { TeachersContext } from './teachers-context.ts';

/** The highest hourly rate a teacher may set (1,000 KWD); keeps fils well inside an int. */
export const MAX_HOURLY_RATE_FILS = kwdToFils(BOOKING.maxPricePerHourKwd);

type ProfilePatch = z.output<typeof teacherProfilePatchSchema>;

/** A video link must be a web address (http or https). */
export function validVideoUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The owner (the teacher whose user owns the profile) edits it; bio and major in the request language. */
export async function patchProfile(
  ctx: TeachersContext,
  userId: number,
  id: number,
  patch: ProfilePatch,
  language: Language,
  now = ctx.clock(),
): Promise<OwnTeacherProfile> {
  const { db } = ctx;
  const profile = await findProfile(db, id);
  if (!profile) throw new HttpError(404, 'notFound', 'Teacher not found');
  if (profile.userId !== userId) throw new HttpError(403, 'forbidden', 'Only the teacher may edit this profile');

  const values: ProfileChanges = {};
  if (patch.bio !== undefined) values[language === 'en' ? 'bioEn' : 'bioAr'] = storableText(patch.bio);
  if (patch.bioAr !== undefined) values.bioAr = storableText(patch.bioAr);
  if (patch.bioEn !== undefined) values.bioEn = storableText(patch.bioEn);
  if (patch.major !== undefined) values[language === 'en' ? 'majorEn' : 'majorAr'] = storableText(patch.major);
  if (patch.experienceYears !== undefined) values.experienceYears = patch.experienceYears;
  if (patch.hourlyRate !== undefined) {
    const fils = kwdToFils(patch.hourlyRate);
    if (fils > MAX_HOURLY_RATE_FILS) throw new FieldValidationError({ hourlyRate: 'tooBig' });
    values.hourlyRateFils = fils;
  }
  // The trial's price (issue 32): its bounds are the contract's (trialPriceInputSchema); null offers none.
  if (patch.trialPrice !== undefined)
    values.trialPriceFils = patch.trialPrice === null ? null : kwdToFils(patch.trialPrice);
  if (patch.videoUrl !== undefined) {
    const url = storableText(patch.videoUrl ?? '').trim() || null;
    if (url !== null && !validVideoUrl(url)) throw new FieldValidationError({ videoUrl: 'invalid' });
    values.videoUrl = url;
  }
  if (patch.timeZone !== undefined) values.timeZone = patch.timeZone;
  if (patch.meetingLink !== undefined) values.meetingLink = patch.meetingLink;
  const subjectIds = patch.subjectIds === undefined ? undefined : [...new Set(patch.subjectIds)];
  if (subjectIds && (await ctx.subjectsService.findByIds(subjectIds)).length !== subjectIds.length) {
    throw new FieldValidationError({ subjectIds: 'notFound' });
  }

  const rateFils = values.hourlyRateFils ?? profile.hourlyRateFils;
  await db.transaction(async (tx) => {
    // Lessons whose room has opened keep the link they had (issue 29): the change is for the others.
    if (values.meetingLink !== undefined && values.meetingLink !== profile.meetingLink)
      await fixLessonLinksBeforeProfileChange(tx, id, profile.meetingLink, now);
    await applyChanges(tx, id, values, subjectIds);
    // A rate change prices new slots only, unless the teacher asks for their open ones too.
    if (patch.applyToOpenSlots) await repriceOpenSlots(tx, id, rateFils, now);
    // Open future trial slots always show the trial price the page shows (a null price leaves them unbookable).
    if (values.trialPriceFils != null) await repriceOpenTrialSlots(tx, id, values.trialPriceFils, now);
  });
  ctx.forgetSearches();
  // The owner's own profile, listed or not (a profile waiting for approval is edited too).
  return ownProfile(ctx, userId, language);
}
