// The reliability constants, in a file without zod: the teacher page's first code reads them.

/** A teacher's reliability figures are shown from this many completed lessons on. */
export const RELIABILITY_MIN_LESSONS = 5;
/** The median first reply counts conversations of this many last days. */
export const RELIABILITY_REPLY_DAYS = 90;
