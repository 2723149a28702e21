import { describe, expect, it } from 'vitest';
import { clampPage } from '../../shared/lib/paging.ts';
import { readSubjectsPage, SubjectsFormatError } from './api/get-subjects.ts';
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

describe('readSubjectsPage', () => {
  const subject = { id: 1, name: 'Math', description: 'Numbers', icon: 'calculator', isActive: true };

  it('reads the data reading and the subjects reading of the answer', () => {
    expect(readSubjectsPage({ data: [subject], total: 9, page: 2, limit: 8, totalPages: 2 }, 2)).toEqual({
      subjects: [subject],
      total: 9,
      page: 2,
      limit: 8,
      totalPages: 2,
    });
    expect(readSubjectsPage({ subjects: [subject], total: 17 }, 1)).toMatchObject({ total: 17, totalPages: 3 });
  });

  it('throws the format error for a list that is not an array of subjects', () => {
    expect(() => readSubjectsPage({ data: 'nope', total: 1 }, 1)).toThrow(SubjectsFormatError);
    expect(() => readSubjectsPage({ data: [{ id: 'x' }] }, 1)).toThrow(SubjectsFormatError);
    expect(() => readSubjectsPage(null, 1)).toThrow(SubjectsFormatError);
  });
});
