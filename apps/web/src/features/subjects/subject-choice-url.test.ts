import { describe, expect, it } from 'vitest';
import { clampPage } from '../../shared/lib/paging.ts';
import { mockApi, ok } from '../../shared/test/mock-api.ts';
import { getSubjects, SubjectsFormatError } from './api/get-subjects.ts';
import { readSubjectChoice, writeSubjectChoice } from './subject-choice-url.ts';

describe('the subject choice in the address', () => {
  it('reads subject and the comma-joined custom subjects', () => {
    expect(readSubjectChoice(new URLSearchParams('subject=%203%20&customSubjects=Chess,%20,chess,Go'))).toEqual({
      subject: '3',
      customSubjects: ['Chess', 'Go'],
    });
    expect(readSubjectChoice(new URLSearchParams('q=x'))).toEqual({ subject: null, customSubjects: [] });
  });

  it('writes both, keeps the rest, resets the page', () => {
    const next = writeSubjectChoice(new URLSearchParams('q=math&page=3'), {
      subject: '7',
      customSubjects: ['Chess', 'Robotics'],
    });
    expect(next.toString()).toBe('q=math&subject=7&customSubjects=Chess%2CRobotics');
  });

  it('removes the parameters of an empty choice', () => {
    const next = writeSubjectChoice(new URLSearchParams('q=a&subject=7&customSubjects=Chess'), {
      subject: null,
      customSubjects: [],
    });
    expect(next.toString()).toBe('q=a');
  });

  it('keeps a page within 1..totalPages', () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(4, 3)).toBe(3);
    expect(clampPage(2, 0)).toBe(1);
  });
});

describe('getSubjects', () => {
  const subject = { id: 1, name: 'Math', description: 'Numbers', icon: 'calculator', isActive: true };
  it('reads the page of subjects the server sends', async () => {
    const api = mockApi({
      'GET /api/v1/subjects': ok({ data: [subject], total: 9, page: 2, limit: 8, totalPages: 2 }),
    });
    await expect(getSubjects({ search: 'ma', page: 2 })).resolves.toEqual({
      subjects: [subject],
      total: 9,
      page: 2,
      limit: 8,
      totalPages: 2,
    });
    expect(Object.fromEntries(api.calls[0]?.search ?? [])).toEqual({
      isActive: 'true',
      search: 'ma',
      page: '2',
      limit: '8',
    });
  });

  it('throws the format error for an answer that is not a page of subjects', async () => {
    for (const body of [
      { data: 'nope', total: 1 },
      { data: [{ id: 'x' }] },
      null,
      { subjects: [subject], total: 17 },
    ]) {
      mockApi({ 'GET /api/v1/subjects': ok(body) });
      await expect(getSubjects({ search: '', page: 1 })).rejects.toThrow(SubjectsFormatError);
    }
  });
});
