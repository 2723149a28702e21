import type { Reservation } from '@ustaz/contract';
import { type ComponentType, createContext } from 'react';

/**
 * What the app adds under each lesson of the schedule (issue 16: the lesson's "Report a problem"
 * line, from the reservations feature): features do not import each other, so app/ hands it in.
 */
export type LessonExtra = ComponentType<{ reservation: Reservation; viewer: 'student' | 'teacher' }>;

export const LessonExtraContext = createContext<LessonExtra | null>(null);
