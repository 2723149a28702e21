import type { Reservation } from '@ustaz/contract';
import { type ComponentType, createContext } from 'react';

/**
 * What the app adds under each lesson of the schedule (issue 16: the lesson's "Report a problem"
 * line; issue 32: the teacher's "Propose a new time", both from the reservations feature): features
 * do not import each other, so app/ hands it in. `timeZone` is the schedule's.
 */
export type LessonExtra = ComponentType<{ reservation: Reservation; viewer: 'student' | 'teacher'; timeZone: string }>;

export const LessonExtraContext = createContext<LessonExtra | null>(null);
