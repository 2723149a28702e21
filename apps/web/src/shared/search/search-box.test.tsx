import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enCommon from '../../../public/locales/en/common.json';
import { renderRoute } from '../test/render-route.tsx';
import { type ModalComponentProps, ModalProvider } from '../ui/modal/modal-context.tsx';
import { MODAL_KINDS } from '../ui/modal/modal-kinds.ts';
import { SearchBox } from './search-box.tsx';
import type { TeacherSearchDialogData } from './search-url.ts';

let dialogData: TeacherSearchDialogData | null = null;

/** Stands in for the filter dialog (registered by the app): records what the box gives it. */
function FilterDialogProbe({ data, titleId }: ModalComponentProps) {
  dialogData = data as TeacherSearchDialogData;
  return <h2 id={titleId}>filters</h2>;
}

async function renderBox(language: 'ar' | 'en', path: string) {
  const view = await renderRoute(
    <ModalProvider registry={{ [MODAL_KINDS.TEACHER_SEARCH]: FilterDialogProbe }}>
      <SearchBox />
    </ModalProvider>,
    { language, path },
  );
  vi.useFakeTimers();
  const input = () => screen.getByRole('searchbox') as HTMLInputElement;
  const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
  const wait = (ms: number) =>
    act(async () => {
      vi.advanceTimersByTime(ms);
    });
  return { ...view, input, type, wait };
}

afterEach(() => {
  vi.useRealTimers();
  dialogData = null;
});

describe('SearchBox', () => {
  it('on the search page, writes q 500 ms after the last keystroke, in place, keeping the other parameters', async () => {
    const { router, type, wait } = await renderBox('en', '/search?subject=3&page=2');
    const before = router.state.location.key;
    type('ma');
    await wait(400);
    type('  maths ');
    await wait(499);
    expect(router.state.location.search).toBe('?subject=3&page=2');
    await wait(1);
    expect(router.state.location.pathname).toBe('/en/search');
    expect(router.state.location.search).toBe('?subject=3&q=maths');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.key).not.toBe(before);
    await wait(2000);
    expect(router.state.location.search).toBe('?subject=3&q=maths');
  });

  it('removes q when the text is emptied', async () => {
    const { router, type, wait, input } = await renderBox('en', '/search?q=physics&subject=1');
    expect(input().value).toBe('physics');
    type('   ');
    await wait(500);
    expect(router.state.location.search).toBe('?subject=1');
  });

  it('from home, the first non-empty pause opens /{lang}/search?q=...', async () => {
    const { router, type, wait } = await renderBox('ar', '');
    type('   ');
    await wait(600);
    expect(router.state.location.pathname).toBe('/ar');
    type(' فيزياء');
    await wait(499);
    expect(router.state.location.pathname).toBe('/ar');
    await wait(1);
    expect(router.state.location.pathname).toBe('/ar/search');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('فيزياء');
    expect(screen.getByTestId('elsewhere').textContent).toBe('/ar/search');
  });

  it('follows q when the address changes from outside, and drops the typing still waiting', async () => {
    const { router, type, wait, input } = await renderBox('en', '/search?q=maths');
    type('chem');
    await act(async () => {
      await router.navigate('/en/search?q=biology');
    });
    expect(input().value).toBe('biology');
    await wait(1000);
    expect(router.state.location.search).toBe('?q=biology');
  });

  it('submits at once with Enter', async () => {
    const { router, type, input } = await renderBox('en', '/search');
    type('english');
    await act(async () => {
      fireEvent.submit(input().form as HTMLFormElement);
    });
    expect(router.state.location.search).toBe('?q=english');
  });

  it('the filter button opens the teacher-search dialog with the filters and a callback that applies new ones', async () => {
    const { router, type, wait } = await renderBox('en', '/search?q=maths&minRating=3&subject=2');
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: enCommon.search.openFilters }));
    expect(await screen.findByRole('dialog', { name: 'filters' })).toBeTruthy();
    expect(dialogData?.initialValues).toEqual({ minRating: '3' });
    vi.useFakeTimers();
    type('physics');
    await act(async () => {
      dialogData?.onSearch({ minRating: 5, maxHourlyRate: 15 });
    });
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ q: 'physics', minRating: '5', subject: '2', maxHourlyRate: '15' });
    expect(router.state.historyAction).toBe('REPLACE');
    // The typing was applied with the filters: nothing is left to write after the pause.
    const key = router.state.location.key;
    await wait(600);
    expect(router.state.location.key).toBe(key);
  });
});
