/**
 * The subject choice in the search page's address (spec 2 "Subject-selection modal"): `subject`
 * (one id or name) and `customSubjects` (comma-joined). The search page reads the same two
 * parameters; an empty value removes its parameter.
 */

export type SubjectChoice = { subject: string | null; customSubjects: string[] };

export const EMPTY_SUBJECT_CHOICE: SubjectChoice = { subject: null, customSubjects: [] };

/** The current choice in an address of the search page. */
export function readSubjectChoice(params: URLSearchParams): SubjectChoice {
  const subject = params.get('subject')?.trim() || null;
  const seen = new Set<string>();
  const customSubjects: string[] = [];
  for (const part of (params.get('customSubjects') ?? '').split(',')) {
    const name = part.trim();
    if (!name || seen.has(name.toLocaleLowerCase())) continue;
    seen.add(name.toLocaleLowerCase());
    customSubjects.push(name);
  }
  return { subject, customSubjects };
}

/** A copy of `params` with the choice written in and paging reset to the first page. */
export function writeSubjectChoice(params: URLSearchParams, choice: SubjectChoice): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('page');
  const subject = choice.subject?.trim();
  if (subject) next.set('subject', subject);
  else next.delete('subject');
  const custom = choice.customSubjects
    .map((name) => name.trim())
    .filter(Boolean)
    .join(',');
  if (custom) next.set('customSubjects', custom);
  else next.delete('customSubjects');
  return next;
}
