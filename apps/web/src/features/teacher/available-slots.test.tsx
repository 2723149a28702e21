import { screen } from '@testing-library/react';
import { afterEach, describe, expect, vi } from 'vitest';
import { itInEachLanguage } from '../../shared/test/each-language.ts';
import { jsonResponse } from '../../shared/test/test-i18n.ts';
import { AvailableSlots } from './available-slots.tsx';
import { renderTeacherRoute } from './render-teacher-route.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AvailableSlots', () => {
  itInEachLanguage(
    "names the viewer's time zone in the viewer's language, not by its IANA id",
    {
      ar: { sentence: 'المواعيد بتوقيتك (\u2068التوقيت العربي الرسمي\u2069)' },
      en: { sentence: 'Times in your time zone (\u2068Arabian Standard Time\u2069)' },
    },
    async (language, { sentence }) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => jsonResponse(200, [])),
      );
      const { missing } = await renderTeacherRoute(
        <AvailableSlots teacherId={7} timeZone="Asia/Kuwait" onBook={() => {}} />,
        { language, path: '/teachers/7' },
      );
      const zone = await screen.findByText(sentence);
      expect(zone.getAttribute('title')).toBe('Asia/Kuwait');
      expect(document.body.textContent).not.toContain('Asia/Kuwait');
      expect(missing).toEqual([]);
    },
  );
});
