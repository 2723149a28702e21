import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, vi } from 'vitest';
import { itInEachLanguage } from '../../shared/test/each-language.ts';
import { mockApi } from '../../shared/test/mock-api.ts';
import { renderTeacherRoute } from './render-teacher-route.tsx';
import { SlotPicker } from './slot-picker.tsx';
import { TeacherProfileCard } from './teacher-profile-card.tsx';
import { teacherProfile, timeSlot } from './teacher-test-data.ts';

afterEach(() => vi.unstubAllGlobals());

const plain = (text: string | null | undefined) =>
  (text ?? '').replace(/[\u200e\u200f\u061c]/g, '').replace(/\s/g, ' ');

describe('trial lessons on the teacher page (issue 32)', () => {
  itInEachLanguage(
    'the profile says the trial and its price',
    { ar: 'درس تجريبي ٣٠ دقيقة: ١٫٥٠٠ د.ك.', en: 'Trial lesson 30 min: KWD 1.500' },
    async (language, text) => {
      mockApi({});
      const { missing } = await renderTeacherRoute(
        <TeacherProfileCard teacher={teacherProfile({ trialPrice: '1.500' })} actions={null} />,
        { language, path: '/teachers/7' },
      );
      expect(plain((await screen.findByTestId('trial-offer')).textContent)).toBe(text);
      expect(missing).toEqual([]);
    },
  );

  itInEachLanguage(
    'the slot picker marks the trial slot, not the lesson',
    { ar: 'تجريبي', en: 'Trial' },
    async (language, badge) => {
      mockApi({});
      // Saturday 14 March 2026, 18:00 and 20:00 in Kuwait.
      const trial = timeSlot('2026-03-14T15:00:00.000Z', {
        kind: 'trial',
        endTime: '2026-03-14T15:30:00.000Z',
        price: '1.500',
      });
      const lesson = timeSlot('2026-03-14T17:00:00.000Z');
      const { missing } = await renderTeacherRoute(
        <SlotPicker slots={[trial, lesson]} timeZone="Asia/Kuwait" onBook={vi.fn()} />,
        { language, path: '/teachers/7' },
      );
      const [first, second] = await screen.findAllByTestId('slot');
      expect(within(first as HTMLElement).getByTestId('trial-badge').textContent).toBe(badge);
      expect(within(second as HTMLElement).queryByTestId('trial-badge')).toBeNull();
      expect(missing).toEqual([]);
    },
  );
});
