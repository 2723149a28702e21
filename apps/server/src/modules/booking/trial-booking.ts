import type { Executor } from '../../db/client.ts';
import { isUniqueViolationOf } from '../../db/errors.ts';
import { HttpError } from '../../http/errors.ts';
import type { LockedSlot } from './booking.repo.ts';
import { teachersWithLiveTrial } from './trials.repo.ts';

/**
 * Trial lessons (issue 32, ADR 035): a trial slot is bookable only while its teacher offers a trial
 * (409 trialNotOffered), and a student has one live trial per teacher (409 trialAlreadyTaken): not
 * a second one, nor two in one booking. The unique index `reservations_trial_once_unique` backs it
 * under a race (see {@link trialRace}).
 */

const TRIAL_INDEX = 'reservations_trial_once_unique';

const alreadyTaken = () =>
  new HttpError(409, 'trialAlreadyTaken', 'You have already taken a trial lesson with this teacher');

export async function checkTrials(tx: Executor, studentId: number, slots: LockedSlot[]): Promise<void> {
  const trials = slots.filter((slot) => slot.kind === 'trial');
  if (trials.length === 0) return;
  if (trials.some((slot) => slot.teacherTrialPriceFils === null))
    throw new HttpError(409, 'trialNotOffered', 'This teacher does not offer a trial lesson');
  const teacherIds = trials.map((slot) => slot.teacherId);
  if (new Set(teacherIds).size !== teacherIds.length) throw alreadyTaken();
  if ((await teachersWithLiveTrial(tx, studentId, [...new Set(teacherIds)])).length > 0) throw alreadyTaken();
}

/** A concurrent booking of another trial slot of the same teacher won: the unique index says so. */
export function trialRace(error: unknown): unknown {
  return isUniqueViolationOf(error, TRIAL_INDEX) ? alreadyTaken() : error;
}
