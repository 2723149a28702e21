import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PHOTO_MAX_BYTES } from '@ustaz/contract';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../public/locales/en/profile.json';
import { AuthContext } from '../../shared/auth/auth-context.tsx';
import { signedIn, testUser } from '../../shared/test/auth-test-data.ts';
import { createTestI18n, jsonResponse } from '../../shared/test/test-i18n.ts';
import { AppToaster } from '../../shared/ui/toast.tsx';
import { EditProfileForm } from './edit-profile-form.tsx';

const USER = testUser();
const FILE_ID = '3f1c2a9e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';

type Call = { method: string; url: string; body: unknown };

function mockApi({ upload, patch }: { upload?: () => Response; patch?: (body: unknown) => Response }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body =
        init?.body instanceof FormData ? init.body.get('file') : init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ method, url, body });
      if (url === '/api/v1/files/upload' && upload) return upload();
      if (url === '/api/v1/auth/me' && method === 'PATCH' && patch) return patch(body);
      return jsonResponse(404, { status: 404, code: 'notFound', message: 'Not found' });
    }),
  );
  return calls;
}

async function renderForm(signedInAs = USER) {
  const { i18n } = await createTestI18n('en');
  const setUser = vi.fn();
  const onSaved = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <AuthContext value={signedIn(signedInAs, { setUser })}>
          <EditProfileForm onSaved={onSaved} />
          <AppToaster />
        </AuthContext>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { setUser, onSaved };
}

function image(name: string, size: number, type = 'image/png') {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const firstName = () => screen.getByLabelText(/^First name\*?$/, { selector: 'input' });

beforeAll(() => {
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

describe('EditProfileForm', () => {
  it('shows the read-only e-mail and refuses a too large photo and a non-image, with separate messages', async () => {
    const calls = mockApi({});
    await renderForm();
    const email = screen.getByLabelText(/^E-mail/, { selector: 'input' });
    expect((email as HTMLInputElement).value).toBe(USER.email);
    expect(email.hasAttribute('disabled')).toBe(true);

    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByTestId('photo-input'), image('big.png', PHOTO_MAX_BYTES + 1));
    expect(screen.getByText(en.photo.tooLarge.replace('{{photoMaxMb}}', '5'))).toBeTruthy();
    await user.upload(screen.getByTestId('photo-input'), image('notes.pdf', 100, 'application/pdf'));
    expect(screen.getByText(en.photo.invalidType)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('uploads the photo first, then saves with its id and hands the updated user over', async () => {
    const updated = { ...USER, firstName: 'Maryam', photo: { id: FILE_ID, path: '/uploads/a.png' } };
    let releaseUpload: () => void = () => {};
    const uploaded = new Promise<void>((resolve) => {
      releaseUpload = resolve;
    });
    const calls = mockApi({
      upload: () => jsonResponse(201, { file: { id: FILE_ID, path: '/uploads/a.png' } }),
      patch: () => jsonResponse(200, updated),
    });
    const originalFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/v1/files/upload') await uploaded;
      return originalFetch(input, init);
    });
    const { setUser, onSaved } = await renderForm();
    const user = userEvent.setup();
    await user.upload(screen.getByTestId('photo-input'), image('me.png', 2048));
    await user.clear(firstName());
    await user.type(firstName(), '  Maryam ');
    await user.click(screen.getByRole('button', { name: en.edit.save }));

    expect(
      await screen.findByRole('button', { name: new RegExp(en.edit.uploading.replace(/\./g, '\\.')) }),
    ).toBeTruthy();
    releaseUpload();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(updated));
    expect(setUser).toHaveBeenCalledWith(updated);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/v1/files/upload', 'PATCH /api/v1/auth/me']);
    expect(calls[1]?.body).toEqual({
      firstName: 'Maryam',
      lastName: 'Hassan',
      email: USER.email,
      firstNameEn: null,
      lastNameEn: null,
      firstNameAr: null,
      lastNameAr: null,
      photo: { id: FILE_ID },
    });
  });

  it('a failed photo upload stops the save and says so in a toast with the reason', async () => {
    const calls = mockApi({
      upload: () => jsonResponse(413, { status: 413, code: 'payloadTooLarge', message: 'Too large' }),
    });
    const { onSaved } = await renderForm();
    const user = userEvent.setup();
    await user.upload(screen.getByTestId('photo-input'), image('me.png', 2048));
    await user.click(screen.getByRole('button', { name: en.edit.save }));

    expect(await screen.findByText(en.photo.uploadFailed)).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/files/upload']);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('maps the server field errors and shows the general message', async () => {
    mockApi({
      patch: () =>
        jsonResponse(422, {
          status: 422,
          errors: { firstName: ['required', 'tooShort'], lastName: 'tooLong', phone: 'x' },
        }),
    });
    const { onSaved } = await renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: en.edit.save }));

    expect(await screen.findByText(en.serverErrors.required)).toBeTruthy();
    expect(screen.getByText(en.serverErrors.tooLong)).toBeTruthy();
    expect(screen.getAllByText(en.edit.unexpected).length).toBeGreaterThan(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('checks the names before calling the server', async () => {
    const calls = mockApi({});
    await renderForm();
    const user = userEvent.setup();
    await user.clear(firstName());
    await user.type(firstName(), '   ');
    await user.click(screen.getByRole('button', { name: en.edit.save }));
    expect(await screen.findByText(en.validation.firstNameRequired)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('EditProfileForm: the name for English and Arabic pages (ADR 020)', () => {
  const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
  const spelled = testUser({ firstName: 'فهد', lastName: 'الكندري', firstNameEn: 'Fahad', lastNameEn: 'Al-Kandari' });

  it('shows both optional pairs with the saved spelling, each field in its language and direction', async () => {
    mockApi({});
    await renderForm(spelled);
    expect(screen.getByText(en.fields.spelling.en.title)).toBeTruthy();
    expect(screen.getByText(en.fields.spelling.ar.title)).toBeTruthy();
    const first = field(en.fields.spelling.en.first);
    expect(first.value).toBe('Fahad');
    expect(field(en.fields.spelling.en.last).value).toBe('Al-Kandari');
    expect(first.getAttribute('lang')).toBe('en');
    expect(first.getAttribute('dir')).toBe('ltr');
    const arabic = field(en.fields.spelling.ar.first);
    expect(arabic.value).toBe('');
    expect(arabic.getAttribute('lang')).toBe('ar');
    expect(arabic.getAttribute('dir')).toBe('rtl');
    expect(arabic.required).toBe(false);
  });

  it('saves a new pair trimmed, and an emptied pair as null', async () => {
    const calls = mockApi({ patch: () => jsonResponse(200, spelled) });
    const { onSaved } = await renderForm(spelled);
    const user = userEvent.setup();
    await user.clear(field(en.fields.spelling.en.first));
    await user.clear(field(en.fields.spelling.en.last));
    await user.type(field(en.fields.spelling.ar.first), ' فهد ');
    await user.type(field(en.fields.spelling.ar.last), 'الكندري');
    await user.click(screen.getByRole('button', { name: en.edit.save }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls[0]?.body).toMatchObject({
      firstNameEn: null,
      lastNameEn: null,
      firstNameAr: 'فهد',
      lastNameAr: 'الكندري',
    });
  });

  it('refuses the wrong script and half a pair before calling the server', async () => {
    const calls = mockApi({});
    await renderForm();
    const user = userEvent.setup();
    await user.type(field(en.fields.spelling.en.first), 'فهد');
    await user.type(field(en.fields.spelling.en.last), 'Al-Kandari');
    await user.type(field(en.fields.spelling.ar.first), 'Fahad');
    await user.click(screen.getByRole('button', { name: en.edit.save }));
    expect(await screen.findByText(en.validation.notLatinScript)).toBeTruthy();
    expect(screen.getByText(en.validation.notArabicScript)).toBeTruthy();
    expect(screen.getByText(en.validation.spellingPairRequired)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows the server's script code under its field", async () => {
    mockApi({ patch: () => jsonResponse(422, { status: 422, errors: { firstNameAr: 'notArabicScript' } }) });
    await renderForm(testUser({ firstNameAr: 'مريم', lastNameAr: 'حسن' }));
    await userEvent.setup().click(screen.getByRole('button', { name: en.edit.save }));
    expect(await screen.findByText(en.serverErrors.notArabicScript)).toBeTruthy();
  });
});
