/** The subjects an applicant may pick: the same list a teacher edits their profile with. */
export { useActiveSubjects as useSubjectOptions } from '../../../shared/subjects/api.ts';
