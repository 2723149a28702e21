import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import arCommon from '../../../public/locales/ar/common.json';
import ar from '../../../public/locales/ar/profile.json';
import enCommon from '../../../public/locales/en/common.json';
import en from '../../../public/locales/en/profile.json';
import { signedIn, teacher } from '../../shared/test/auth-test-data.ts';
import { mockApi, ok } from '../../shared/test/mock-api.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { SUBJECT_LIST } from '../../shared/test/subject-test-data.ts';
import { EditProfilePage } from './edit-profile-page.tsx';
import { ownTeacherProfile } from './teacher-profile-test-data.ts';

const ME = 'GET /api/teachers/profiles/me';
const PATCH = 'PATCH /api/teachers/profiles/7';
const USER = teacher({ id: 70, firstName: 'Sara', lastName: 'Ali' });
const TEXTS = {
  ar: { common: arCommon, profile: ar, label: 'سعر الدرس التجريبي (٣٠ دقيقة)' },
  en: { common: enCommon, profile: en, label: 'Trial lesson price (30 min)' },
};

function editor(language: 'ar' | 'en', trialPrice: string | null) {
  const profile = ownTeacherProfile({ trialPrice });
  const api = mockApi({
    [ME]: ok(profile),
    'GET /api/v1/subjects': SUBJECT_LIST,
    [PATCH]: (call) => ok({ ...profile, ...(call.body as object) }),
  });
  return { api, view: renderAppRoute(<EditProfilePage />, { language, path: '/profile/edit', auth: signedIn(USER) }) };
}

describe("the teacher's trial price (issue 32)", () => {
  it.each(['ar', 'en'] as const)(
    '%s: typed in Arabic-Indic digits, sent as the contract reads it, previewed on the card',
    async (language) => {
      const { api, view } = editor(language, null);
      const { missing } = await view;
      const user = userEvent.setup();
      const field = await screen.findByLabelText(TEXTS[language].label);
      expect((field as HTMLInputElement).value).toBe('');
      await user.type(field, '٢٫٥');
      expect(screen.getByTestId('trial-offer').textContent).toMatch(language === 'ar' ? /٢٫٥٠٠/ : /2\.500/);
      await user.click(screen.getByRole('button', { name: TEXTS[language].profile.edit.save }));
      await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
      expect(api.callsTo(PATCH)[0]?.body).toMatchObject({ trialPrice: '2.5' });
      expect(missing).toEqual([]);
    },
  );

  it('emptied, it sends null (no trial); below 0.250 it is refused before sending, with the minimum', async () => {
    const { api, view } = editor('en', '3.000');
    await view;
    const user = userEvent.setup();
    const field = await screen.findByLabelText(TEXTS.en.label);
    expect((field as HTMLInputElement).value).toBe('3.000');
    await user.clear(field);
    await user.type(field, '0.2');
    await user.click(screen.getByRole('button', { name: en.edit.save }));
    expect(await screen.findByText('A trial lesson costs at least KWD 0.250.')).toBeTruthy();
    expect(api.callsTo(PATCH)).toHaveLength(0);
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: en.edit.save }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect(api.callsTo(PATCH)[0]?.body).toMatchObject({ trialPrice: null });
  });
});
