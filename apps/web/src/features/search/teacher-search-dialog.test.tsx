import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/search.json';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { TeacherSearchDialog } from './teacher-search-dialog.tsx';

async function renderDialog(path: string, data: unknown, language: 'ar' | 'en' = 'en') {
  const closeModal = vi.fn();
  const view = await renderRoute(
    <TeacherSearchDialog data={data} props={{}} closeModal={closeModal} titleId="filters-title" />,
    { language, path },
  );
  return { ...view, closeModal };
}

const paramsOf = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('TeacherSearchDialog (MODAL_KINDS.TEACHER_SEARCH)', () => {
  it('shows the initial values and writes the filters into the search page address in place', async () => {
    const { router, closeModal, missing } = await renderDialog('/search?q=math&subject=5&page=2&minExperience=9', {
      initialValues: { minRating: '4', minExperience: 9 },
    });
    const experience = screen.getByRole('textbox', { name: 'Minimum experience (years)' }) as HTMLInputElement;
    expect(experience.value).toBe('9');
    expect((screen.getByRole('radio', { name: '4 stars and up' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.clear(experience);
    await userEvent.type(experience, '3');
    await userEvent.type(screen.getByRole('textbox', { name: 'Maximum hourly rate (KWD)' }), '15');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'hourlyRate');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'ASC');
    await userEvent.click(screen.getByRole('button', { name: 'Show results' }));
    expect(router.state.location.pathname).toBe('/en/search');
    expect(paramsOf(router.state.location.search)).toEqual({
      q: 'math',
      subject: '5',
      minExperience: '3',
      maxHourlyRate: '15',
      minRating: '4',
      sortBy: 'hourlyRate',
      sortOrder: 'ASC',
    });
    expect(closeModal).toHaveBeenCalledTimes(1);
    expect(missing).toEqual([]);
  });

  it('shows clear messages for bad numbers and applies nothing', async () => {
    const { router, closeModal } = await renderDialog('/search?q=math', {}, 'ar');
    await userEvent.type(screen.getByRole('textbox', { name: ar.filters.minExperience }), '2.5');
    await userEvent.type(screen.getByRole('textbox', { name: ar.filters.maxHourlyRate }), 'غالي');
    await userEvent.click(screen.getByRole('button', { name: ar.filters.apply }));
    expect(await screen.findByText(ar.filters.errors.experience)).toBeTruthy();
    expect(screen.getByText(ar.filters.errors.hourlyRate)).toBeTruthy();
    expect(router.state.location.search).toBe('?q=math');
    expect(closeModal).not.toHaveBeenCalled();
  });

  it('accepts Arabic-Indic digits', async () => {
    const { router } = await renderDialog('/search', {}, 'ar');
    await userEvent.type(screen.getByRole('textbox', { name: ar.filters.minExperience }), '٤');
    await userEvent.click(screen.getByRole('button', { name: ar.filters.apply }));
    expect(paramsOf(router.state.location.search)).toEqual({ minExperience: '4' });
  });

  it('names the rating choices in the plural form of their number (Arabic: one, two, few)', async () => {
    await renderDialog('/search', {}, 'ar');
    for (const name of ['نجمة واحدة فأكثر', 'نجمتان فأكثر', '٣ نجوم فأكثر', '٤ نجوم فأكثر', '٥ نجوم فأكثر']) {
      expect(screen.getByRole('radio', { name })).toBeTruthy();
    }
  });

  it('hands every field to onSearch when given (cleared ones undefined) and leaves the address alone', async () => {
    const onSearch = vi.fn();
    const { router, closeModal } = await renderDialog('', { initialValues: { minExperience: '5' }, onSearch });
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect((screen.getByRole('textbox', { name: 'Minimum experience (years)' }) as HTMLInputElement).value).toBe('');
    await userEvent.click(screen.getByRole('radio', { name: '3 stars and up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show results' }));
    expect(onSearch).toHaveBeenCalledWith({
      minExperience: undefined,
      maxHourlyRate: undefined,
      minRating: 3,
      availableOn: undefined,
      sortBy: undefined,
      sortOrder: undefined,
    });
    expect(router.state.location.pathname).toBe('/en');
    expect(closeModal).toHaveBeenCalledTimes(1);
  });

  it('from another page, goes to the search page with the filters', async () => {
    const { router } = await renderDialog('', {});
    const day = screen.getByLabelText('Available on') as HTMLInputElement;
    await userEvent.type(day, '2030-01-15');
    await userEvent.click(screen.getByRole('button', { name: 'Show results' }));
    expect(router.state.location.pathname).toBe('/en/search');
    expect(paramsOf(router.state.location.search)).toEqual({ availableOn: '2030-01-15' });
  });
});
