import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/availability.json';
import en from '../../../public/locales/en/availability.json';
import { AuthContext } from '../../shared/auth/auth-context.tsx';
import { signedIn, teacher } from '../../shared/test/auth-test-data.ts';
import { mockApi, ok } from '../../shared/test/mock-api.ts';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { ModalProvider } from '../../shared/ui/modal/modal-context.tsx';
import { AvailabilityEditor } from './availability-editor.tsx';
import { ownSlot } from './availability-test-data.ts';

/** Tuesday 10 March 2026, 12:00 in Kuwait. */
const NOW = new Date('2026-03-10T09:00:00.000Z');
const TEACHER = teacher();
const SLOTS = 'GET /api/v1/availability/slots';
const CREATE = 'POST /api/v1/availability/slots';
/** The teacher's own profile as the editor reads it: the rate, the zone and the trial price. */
const PROFILE = {
  id: 7,
  userId: TEACHER.id,
  bio: '',
  bioAr: '',
  bioEn: '',
  major: 'Physics',
  experienceYears: 4,
  hourlyRate: '10.000',
  videoUrl: null,
  averageRating: 0,
  ratingCount: 0,
  bookingsCount: 0,
  subjects: [],
  user: { id: TEACHER.id, firstName: 'Mona', lastName: 'Al-Sabah', photo: null },
  timeZone: 'Asia/Kuwait',
  meetingLink: null,
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

function editor(language: 'ar' | 'en', trialPrice: string | null) {
  const api = mockApi({
    [SLOTS]: ok([]),
    'GET /api/teachers/profiles/me': ok({ ...PROFILE, trialPrice }),
    [CREATE]: (call) =>
      ok(
        ownSlot('2026-03-10T15:00:00.000Z', {
          ...(call.body as object),
          endTime: '2026-03-10T15:30:00.000Z',
          price: '2.500',
        }),
      ),
  });
  const view = renderRoute(
    <AuthContext value={signedIn(TEACHER)}>
      <ModalProvider registry={{}}>
        <AvailabilityEditor now={NOW} timeZone="Asia/Kuwait" />
      </ModalProvider>
    </AuthContext>,
    { language, path: '/profile' },
  );
  return { api, view };
}

describe('adding a trial slot (issue 32)', () => {
  it.each([
    ['en', en, 'Trial (30 min)'],
    ['ar', ar, 'تجريبي (٣٠ دقيقة)'],
  ] as const)(
    '%s: "Trial (30 min)" asks only the start and sends a 30-minute trial',
    async (language, texts, label) => {
      const { api, view } = editor(language, '2.500');
      await view;
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: texts.add }));
      const form = screen.getByTestId('slot-form');
      await user.click(await within(form).findByRole('checkbox', { name: new RegExp(label.replace(/[()]/g, '\\$&')) }));
      expect(within(form).queryByLabelText(new RegExp(`^${texts.form.end}`))).toBeNull();
      expect(within(form).queryByLabelText(texts.form.price)).toBeNull();
      await user.type(within(form).getByLabelText(new RegExp(`^${texts.form.start}`)), '18:00');
      await user.click(within(form).getByRole('button', { name: texts.form.addSubmit }));
      await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
      expect(api.callsTo(CREATE)[0]?.body).toEqual({
        startTime: '2026-03-10T15:00:00.000Z',
        endTime: '2026-03-10T15:30:00.000Z',
        kind: 'trial',
      });
    },
  );

  it('is not offered to a teacher without a trial price', async () => {
    const { view } = editor('en', null);
    await view;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: en.add }));
    const form = screen.getByTestId('slot-form');
    // The profile has arrived: the price help names the hourly rate.
    await waitFor(() => expect(form.textContent).toMatch(/10\.000/));
    expect(screen.queryByTestId('trial-slot-option')).toBeNull();
  });
});
