import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPackage } from '@ustaz/contract';
import type { Language } from '@ustaz/contract/constants';
import { describe, expect, it } from 'vitest';
import ar from '../../../../public/locales/ar/admin.json';
import en from '../../../../public/locales/en/admin.json';
import { formatKwd } from '../../../shared/lib/format.ts';
import { type ApiRoute, ok } from '../../../shared/test/mock-api.ts';
import { listApi, renderAdminPage, replaceRow, setUpAdminTests } from '../ui/admin-test-utils.tsx';
import { adminPackage } from './catalog-test-data.ts';
import { AdminPackagesPage } from './packages-page.tsx';

const LIST = 'GET /api/v1/admin/packages';

function renderPage(language: Language = 'en', path = '/admin/packages') {
  return renderAdminPage(<AdminPackagesPage />, { language, path });
}

function packagesApi(items: AdminPackage[], more?: (rows: AdminPackage[]) => Record<string, ApiRoute>) {
  return listApi(LIST, items, more, (rows) => ({ data: rows }));
}

setUpAdminTests();

describe('AdminPackagesPage', () => {
  it('lists packages with prices in KWD (Arabic) and takes one off sale', async () => {
    const ten = adminPackage();
    const api = packagesApi([ten], (rows) => ({
      [`PATCH /api/v1/admin/packages/${ten.id}`]: (call) => {
        return ok({ package: replaceRow(rows, ten.id, call.body as Partial<AdminPackage>) });
      },
    }));
    const { missing } = await renderPage('ar');
    const row = (await screen.findAllByRole('row'))[1] as HTMLElement;
    expect(row.textContent).toContain(formatKwd('90.000', 'ar'));
    expect(row.textContent).toContain('باقة العشر ساعات');
    await userEvent.setup().click(within(row).getByRole('button', { name: 'سحب باقة العشر ساعات من البيع' }));
    expect(await within(row).findByText(ar.catalog.inactive)).toBeTruthy();
    expect(api.callsTo(`PATCH /api/v1/admin/packages/${ten.id}`)[0]?.body).toEqual({ isActive: false });
    expect(missing).toEqual([]);
  });

  it('creates a package with features one a line', async () => {
    const api = packagesApi([], (rows) => ({
      'POST /api/v1/admin/packages': (call) => {
        const created = adminPackage({ ...(call.body as Partial<AdminPackage>), id: 70 });
        rows.push(created);
        return { status: 201, body: { package: created } };
      },
    }));
    const { missing } = await renderPage();
    expect(await screen.findByRole('heading', { name: en.packages.empty.title })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: en.packages.create }));
    const dialog = await screen.findByRole('dialog', { name: en.packageForm.createTitle });
    await user.type(within(dialog).getByLabelText(/Name \(Arabic\)/), 'باقة خمس ساعات');
    await user.type(within(dialog).getByLabelText(/Name \(English\)/), 'Five hours');
    await user.type(within(dialog).getByLabelText(/^Hours/), '5');
    await user.type(within(dialog).getByLabelText(/Price \(KWD\)/), '0');
    await user.type(within(dialog).getByLabelText(en.packageForm.featuresEn), 'Chat support\n\nRecorded lessons\n');
    await user.click(within(dialog).getByRole('button', { name: en.actions.create }));
    // 0 KWD is refused before the server is asked.
    expect(await within(dialog).findByText(en.errors.tooSmall)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/packages')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/Price \(KWD\)/));
    await user.type(within(dialog).getByLabelText(/Price \(KWD\)/), '45.500');
    await user.click(within(dialog).getByRole('button', { name: en.actions.create }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/v1/admin/packages')[0]?.body).toEqual({
      nameAr: 'باقة خمس ساعات',
      nameEn: 'Five hours',
      descriptionAr: '',
      descriptionEn: '',
      hours: 5,
      price: '45.500',
      validityDays: 30,
      type: 'standard',
      featuresAr: [],
      featuresEn: ['Chat support', 'Recorded lessons'],
      discountPercentage: 0,
      sortOrder: 0,
      isActive: true,
    });
    expect(await screen.findByText(en.packageForm.created)).toBeTruthy();
    expect(await screen.findByRole('table', { name: en.packages.caption })).toBeTruthy();
    expect(missing).toEqual([]);
  });
});
