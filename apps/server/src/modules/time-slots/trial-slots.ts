import { TRIAL_MINUTES } from '@ustaz/contract';
import { HttpError } from '../../http/errors.ts';

/** Trial slots (issue 32): exactly TRIAL_MINUTES long, priced at the teacher's trial price. */

export function isTrialLength(start: Date, end: Date): boolean {
  return end.getTime() - start.getTime() === TRIAL_MINUTES * 60_000;
}

/** The teacher's trial price in fils; a teacher who offers no trial cannot open a trial slot (409 trialNotOffered). */
export function trialPriceOf(profile: { trialPriceFils: number | null }): number {
  if (profile.trialPriceFils === null)
    throw new HttpError(409, 'trialNotOffered', 'Set a trial price in your profile before adding a trial slot');
  return profile.trialPriceFils;
}
