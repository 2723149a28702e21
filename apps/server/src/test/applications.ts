import type { TeacherApplicationInput } from '@ustaz/contract';
import { nextAddress } from './requests.ts';
import type { Factories, TestApp } from './test-app.ts';

/**
 * The body of a teacher application that passes every check (`POST /api/v1/teacher-applications`):
 * a maths teacher of ten years at 12.500 KWD an hour, teaching `subjectIds`; `word` ends both bios
 * (a word to find the new teacher by), `overrides` replace fields.
 */
export function applicationBody(
  subjectIds: number[],
  overrides: Partial<TeacherApplicationInput> = {},
  word?: string,
): TeacherApplicationInput {
  const end = word === undefined ? '' : ` ${word}`;
  return {
    bioAr: `أدرّس الرياضيات للمرحلة الثانوية منذ عشر سنوات${end}`,
    bioEn: `I have taught secondary school maths for ten years${end}`,
    major: 'Mathematics',
    experienceYears: 10,
    subjectIds,
    hourlyRate: '12.500',
    videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    ...overrides,
  };
}

/** A new student applies to teach a new subject with {@link applicationBody} and `overrides`: the answer. */
export async function newStudentApplies(t: TestApp, f: Factories, overrides: Partial<TeacherApplicationInput>) {
  const student = await f.student();
  const subject = await f.subject();
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/teacher-applications',
    headers: student.headers,
    payload: applicationBody([subject.id], overrides),
    remoteAddress: nextAddress(),
  });
}
