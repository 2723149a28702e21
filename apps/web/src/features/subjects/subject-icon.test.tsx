import { describe, expect, it } from 'vitest';
import { BookOpen, ChartColumn, FlaskConical, MoonStar } from '../../shared/ui/icons.tsx';
import { subjectIcon } from './subject-icon.tsx';

describe('subjectIcon', () => {
  it('knows lucide names in kebab, camel and Pascal case', () => {
    expect(subjectIcon('flask-conical')).toBe(FlaskConical);
    expect(subjectIcon('moonStar')).toBe(MoonStar);
    expect(subjectIcon('ChartColumn')).toBe(ChartColumn);
  });

  it('shows the book for an unknown or missing name', () => {
    expect(subjectIcon('no-such-icon')).toBe(BookOpen);
    expect(subjectIcon('')).toBe(BookOpen);
    expect(subjectIcon(null)).toBe(BookOpen);
  });
});
