import { describe, expect, it } from 'vitest';
import {
  clearSearchParams,
  joinCustomSubjects,
  parseFilterField,
  readFilterValues,
  readSearchState,
  splitCustomSubjects,
  subjectsOf,
  toTeacherSearchParams,
  writeSearchParams,
} from './search-url.ts';

const params = (query: string) => new URLSearchParams(query);

describe('customSubjects in the address', () => {
  it('splits the comma-joined list, trimming, dropping blanks and repeats in any case', () => {
    expect(splitCustomSubjects(' Chess , ,Robotics,chess,  ')).toEqual(['Chess', 'Robotics']);
    expect(splitCustomSubjects('الخط العربي,روبوتات')).toEqual(['الخط العربي', 'روبوتات']);
    expect(splitCustomSubjects(null)).toEqual([]);
    expect(splitCustomSubjects('')).toEqual([]);
  });

  it('joins with commas; an empty list is empty text', () => {
    expect(joinCustomSubjects([' Chess ', '', 'Robotics'])).toBe('Chess,Robotics');
    expect(joinCustomSubjects([])).toBe('');
  });
});

describe('readSearchState', () => {
  it('reads every parameter of the search page', () => {
    const state = readSearchState(
      params(
        'q=%20math%20&subject=5&customSubjects=Chess,Robotics&mostFamous=true&mostBooked=1' +
          '&minExperience=3&maxHourlyRate=12.5&minRating=4&availableOn=2026-05-02&sortBy=hourlyRate&sortOrder=asc&page=2',
      ),
    );
    expect(state).toEqual({
      q: 'math',
      subject: '5',
      customSubjects: ['Chess', 'Robotics'],
      mostFamous: true,
      mostBooked: true,
      minExperience: 3,
      maxHourlyRate: 12.5,
      minRating: 4,
      availableOn: '2026-05-02',
      sortBy: 'hourlyRate',
      sortOrder: 'ASC',
      page: 2,
    });
  });

  it('ignores invalid values instead of sending them', () => {
    const state = readSearchState(
      params(
        'minExperience=abc&maxHourlyRate=-1&minRating=9&availableOn=tomorrow&sortBy=name&sortOrder=up&page=0&mostFamous=yes',
      ),
    );
    expect(state).toEqual({
      q: '',
      subject: '',
      customSubjects: [],
      mostFamous: false,
      mostBooked: false,
      page: 1,
    });
  });

  it('cuts the text to the 100 characters the API accepts', () => {
    expect(readSearchState(params(`q=${'a'.repeat(150)}`)).q).toHaveLength(100);
  });
});

describe('parseFilterField and readFilterValues', () => {
  it('uses the contract rule of each parameter', () => {
    expect(parseFilterField('minExperience', '2.5')).toBeUndefined();
    expect(parseFilterField('minExperience', ' 7 ')).toBe(7);
    expect(parseFilterField('maxHourlyRate', 0)).toBe(0);
    expect(parseFilterField('maxHourlyRate', '')).toBeUndefined();
    expect(parseFilterField('sortOrder', 'desc')).toBe('DESC');
    expect(parseFilterField('availableOn', '2026-02-30')).toBeUndefined();
  });

  it('keeps only the valid fields of an object (the dialog data may hold text)', () => {
    expect(readFilterValues({ minRating: '4', maxHourlyRate: 'x', sortBy: 'experience', other: 1 })).toEqual({
      minRating: 4,
      sortBy: 'experience',
    });
    expect(readFilterValues(undefined)).toEqual({});
  });
});

describe('writeSearchParams', () => {
  it('sets trimmed values, removes empty ones and keeps unrelated parameters', () => {
    const next = writeSearchParams(params('q=math&utm=x&page=3&subject=5'), {
      q: '  physics ',
      subject: '',
      customSubjects: ['Chess', ' Robotics '],
      mostFamous: true,
      minRating: undefined,
    });
    expect(Object.fromEntries(next)).toEqual({
      q: 'physics',
      utm: 'x',
      customSubjects: 'Chess,Robotics',
      mostFamous: 'true',
    });
  });

  it('goes back to page 1 on any change but the page', () => {
    expect(writeSearchParams(params('page=4&minRating=3'), { minRating: 4 }).get('page')).toBeNull();
    expect(writeSearchParams(params('page=4'), { page: 5 }).get('page')).toBe('5');
    expect(writeSearchParams(params('page=4'), { page: 1 }).has('page')).toBe(false);
  });

  it('removes the customSubjects parameter for an empty list, and false flags', () => {
    const next = writeSearchParams(params('customSubjects=Chess&mostBooked=true'), {
      customSubjects: [],
      mostBooked: false,
    });
    expect(next.toString()).toBe('');
  });

  it('clears every search parameter and nothing else', () => {
    expect(clearSearchParams(params('q=a&subject=1&minRating=4&page=2&lang=x')).toString()).toBe('lang=x');
  });
});

describe('toTeacherSearchParams', () => {
  it('sends q as search and subject + customSubjects as subjects', () => {
    const state = readSearchState(params('q=math&subject=5&customSubjects=Chess,Robotics&minRating=4&page=2'));
    expect(toTeacherSearchParams(state, 12)).toEqual({
      search: 'math',
      subjects: ['5', 'Chess', 'Robotics'],
      minRating: 4,
      page: 2,
      limit: 12,
    });
  });

  it('sends no subjects, search or flags when there are none', () => {
    expect(toTeacherSearchParams(readSearchState(params('')), 12)).toEqual({ page: 1, limit: 12 });
    expect(toTeacherSearchParams(readSearchState(params('mostFamous=true')), 12)).toEqual({
      mostFamous: true,
      page: 1,
      limit: 12,
    });
  });

  it('sends a subject once even when a custom subject repeats it, and at most 20', () => {
    expect(subjectsOf({ subject: 'Chess', customSubjects: ['chess', 'Go'] })).toEqual(['Chess', 'Go']);
    const many = Array.from({ length: 30 }, (_, i) => `s${i}`);
    expect(subjectsOf({ subject: '', customSubjects: many })).toHaveLength(20);
  });
});
