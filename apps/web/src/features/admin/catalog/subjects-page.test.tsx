import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminSubject } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import ar from '../../../../public/locales/ar/admin.json';
import en from '../../../../public/locales/en/admin.json';
import { ok } from '../../../shared/test/mock-api.ts';
import {
  adminPageRenderer,
  describedText as errorOf,
  listApi,
  refusal,
  replaceRow,
  setUpAdminTests,
} from '../ui/admin-test-utils.tsx';
import { adminSubject } from './catalog-test-data.ts';
import { AdminSubjectsPage } from './subjects-page.tsx';

const LIST = 'GET /api/v1/admin/subjects';
const CREATE = 'POST /api/v1/admin/subjects';

const renderPage = adminPageRenderer(<AdminSubjectsPage />, '/admin/subjects');

setUpAdminTests();

describe('AdminSubjectsPage', () => {
  it('creates a subject, and shows a duplicate English name under its field', async () => {
    const api = listApi(LIST, [adminSubject()], (rows) => ({
      [CREATE]: (call) => {
        const body = call.body as Record<string, unknown>;
        if (body.nameEn === 'Physics') {
          return refusal(422, { errors: { nameEn: 'alreadyExists' } });
        }
        const created = adminSubject({ ...(body as Partial<AdminSubject>), id: 99 });
        rows.push(created);
        return { status: 201, body: { subject: created } };
      },
    }));
    const { missing } = await renderPage();
    await screen.findByRole('table', { name: en.subjects.caption });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: en.subjects.create }));
    const dialog = await screen.findByRole('dialog', { name: en.subjectForm.createTitle });

    // Required names are checked before the server is asked.
    await user.click(within(dialog).getByRole('button', { name: en.actions.create }));
    expect(errorOf(within(dialog).getByLabelText(/Name \(Arabic\)/))).toContain(en.errors.required);
    expect(api.callsTo(CREATE)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Name \(Arabic\)/), 'الفيزياء');
    await user.type(within(dialog).getByLabelText(/Name \(English\)/), 'Physics');
    await user.clear(within(dialog).getByLabelText(en.subjectForm.icon));
    await user.type(within(dialog).getByLabelText(en.subjectForm.icon), 'atom');
    await user.click(within(dialog).getByRole('button', { name: en.actions.create }));

    const nameEn = within(dialog).getByLabelText(/Name \(English\)/);
    await waitFor(() => expect(errorOf(nameEn)).toContain(en.errors.alreadyExists));
    expect(nameEn.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      nameAr: 'الفيزياء',
      nameEn: 'Physics',
      descriptionAr: '',
      descriptionEn: '',
      icon: 'atom',
      sortOrder: 0,
      isActive: true,
      synonymsAr: [],
      synonymsEn: [],
    });

    await user.clear(nameEn);
    await user.type(nameEn, 'Chemistry');
    await user.click(within(dialog).getByRole('button', { name: en.actions.create }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(en.subjectForm.created)).toBeTruthy();
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
    expect(missing).toEqual([]);
  });

  it('shows alreadyExists under the field in Arabic too', async () => {
    listApi(LIST, [], () => ({
      [CREATE]: refusal(422, { errors: { nameEn: 'alreadyExists' } }),
    }));
    const { missing } = await renderPage({ language: 'ar' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: ar.subjects.create }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/الاسم \(بالعربية\)/), 'الفيزياء');
    await user.type(within(dialog).getByLabelText(/الاسم \(بالإنجليزية\)/), 'Physics');
    await user.click(within(dialog).getByRole('button', { name: ar.actions.create }));
    await waitFor(() =>
      expect(errorOf(within(dialog).getByLabelText(/الاسم \(بالإنجليزية\)/))).toContain(ar.errors.alreadyExists),
    );
    expect(missing).toEqual([]);
  });

  it('deactivates and activates in place (Arabic) and filters by status', async () => {
    const physics = adminSubject({ nameAr: 'الفيزياء', nameEn: 'Physics' });
    const api = listApi(LIST, [physics], (rows) => ({
      [`PATCH /api/v1/admin/subjects/${physics.id}`]: (call) => {
        return ok({ subject: replaceRow(rows, physics.id, call.body as Partial<AdminSubject>) });
      },
    }));
    const { router } = await renderPage({ language: 'ar' });
    const row = (await screen.findAllByRole('row'))[1] as HTMLElement;
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'إيقاف تفعيل الفيزياء' }));
    expect(await within(row).findByText(ar.catalog.inactive)).toBeTruthy();
    expect(api.callsTo(`PATCH /api/v1/admin/subjects/${physics.id}`)[0]?.body).toEqual({ isActive: false });
    expect(await screen.findByText('أُوقف تفعيل مادة الفيزياء.')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'تفعيل الفيزياء' }));
    expect(await within(row).findByText(ar.catalog.active)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText(ar.catalog.activeFilter), ar.catalog.inactive);
    await waitFor(() => expect(router.state.location.search).toBe('?isActive=false'));
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.search.get('isActive')).toBe('false'));
  });

  it('edits the search synonyms in both languages, comma-separated (Latin or Arabic commas)', async () => {
    const math = adminSubject({
      nameAr: 'الرياضيات',
      nameEn: 'Mathematics',
      synonymsAr: ['حساب'],
      synonymsEn: ['Maths'],
    });
    const PATCH = `PATCH /api/v1/admin/subjects/${math.id}`;
    const api = listApi(LIST, [math], (rows) => ({
      [PATCH]: (call) => ok({ subject: replaceRow(rows, math.id, call.body as Partial<AdminSubject>) }),
    }));
    const { missing } = await renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Mathematics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mathematics' });
    const arabic = within(dialog).getByLabelText(en.subjectForm.synonymsAr) as HTMLInputElement;
    const english = within(dialog).getByLabelText(en.subjectForm.synonymsEn) as HTMLInputElement;
    expect([arabic.value, english.value]).toEqual(['حساب', 'Maths']);
    expect(arabic.getAttribute('dir')).toBe('rtl');
    expect(english.getAttribute('dir')).toBe('ltr');
    expect(errorOf(english)).toContain(en.subjectForm.synonymsHelp);

    // Checked before the server is asked: one too long, then too many.
    await user.type(english, `, ${'x'.repeat(41)}`);
    await user.click(within(dialog).getByRole('button', { name: en.actions.save }));
    expect(errorOf(english)).toContain(en.errors.synonymTooLong);
    await user.clear(english);
    await user.type(english, Array.from({ length: 21 }, (_, i) => `w${i}`).join(','));
    await user.click(within(dialog).getByRole('button', { name: en.actions.save }));
    expect(errorOf(english)).toContain(en.errors.tooManySynonyms);
    expect(api.callsTo(PATCH)).toHaveLength(0);

    await user.clear(english);
    await user.type(english, ' Maths, Math ,, Algebra, Maths ');
    await user.type(arabic, '، رياضيات،جبر');
    await user.click(within(dialog).getByRole('button', { name: en.actions.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(PATCH)[0]?.body).toMatchObject({
      synonymsAr: ['حساب', 'رياضيات', 'جبر'],
      synonymsEn: ['Maths', 'Math', 'Algebra'],
    });
    expect(missing).toEqual([]);
  });

  it('shows the synonym fields and a refused synonym in Arabic', async () => {
    listApi(LIST, [], () => ({
      [CREATE]: refusal(422, { errors: { 'synonymsAr.0': 'tooLong' } }),
    }));
    const { missing } = await renderPage({ language: 'ar' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: ar.subjects.create }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(ar.subjectForm.synonymsEn)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/الاسم \(بالعربية\)/), 'الفيزياء');
    await user.type(within(dialog).getByLabelText(/الاسم \(بالإنجليزية\)/), 'Physics');
    const arabic = within(dialog).getByLabelText(ar.subjectForm.synonymsAr);
    await user.type(arabic, 'فيزيا');
    await user.click(within(dialog).getByRole('button', { name: ar.actions.create }));
    await waitFor(() => expect(errorOf(arabic)).toContain(ar.errors.tooLong));
    expect(missing).toEqual([]);
  });

  it('edits a subject with its values filled in', async () => {
    const physics = adminSubject({ nameEn: 'Physics', sortOrder: 4 });
    const api = listApi(LIST, [physics], (rows) => ({
      [`PATCH /api/v1/admin/subjects/${physics.id}`]: (call) => {
        return ok({ subject: replaceRow(rows, physics.id, call.body as Partial<AdminSubject>) });
      },
    }));
    await renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Physics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Physics' });
    const order = within(dialog).getByLabelText(en.subjectForm.sortOrder);
    expect((order as HTMLInputElement).value).toBe('4');
    await user.clear(order);
    await user.type(order, '1');
    await user.click(within(dialog).getByRole('button', { name: en.actions.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(`PATCH /api/v1/admin/subjects/${physics.id}`)[0]?.body).toMatchObject({
      nameEn: 'Physics',
      sortOrder: 1,
    });
  });
});
