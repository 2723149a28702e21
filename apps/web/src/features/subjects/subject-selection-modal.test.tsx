import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Subject } from '@ustaz/contract';
import { describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/search.json';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { jsonResponse } from '../../shared/test/test-i18n.ts';
import { SubjectSelectionModal } from './subject-selection-modal.tsx';

function makeSubject(id: number, overrides: Partial<Subject> = {}): Subject {
  return {
    id,
    name: `Subject ${id}`,
    description: `About subject ${id}`,
    icon: 'calculator',
    isActive: true,
    ...overrides,
  };
}

function subjectsPage(subjects: Subject[], { total = subjects.length, page = 1, totalPages = 1 } = {}) {
  return { data: subjects, total, page, limit: 8, totalPages };
}

type Handler = (url: URL) => Response | Promise<Response>;

/** A fetch answering the subjects list with `subjects` and the not-found log with 201. */
function mockApi(subjects: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/subjects') return subjects(url);
    if (url.pathname === '/api/v1/search/log-not-found') return jsonResponse(201, { success: true });
    return jsonResponse(404, { status: 404, message: 'Not found', code: 'notFound' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function subjectCalls(fetchMock: ReturnType<typeof mockApi>): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/subjects');
}

function logCalls(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/v1/search/log-not-found'));
}

async function renderModal(path: string, language: 'ar' | 'en' = 'en') {
  const onClose = vi.fn();
  const view = await renderRoute(<SubjectSelectionModal open onClose={onClose} />, { language, path });
  return { ...view, onClose };
}

const firstPage = () => subjectsPage([makeSubject(1, { name: 'Math' }), makeSubject(2, { name: 'Physics' })]);

describe('SubjectSelectionModal states (spec 2, 4, 8)', () => {
  it('shows a spinner while loading, then the cards of the first page of active subjects', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { missing } = await renderModal('/search');
    expect(await screen.findByText('Loading subjects...')).toBeTruthy();
    answer(jsonResponse(200, firstPage()));
    expect(await screen.findByRole('button', { name: /Math/ })).toBeTruthy();
    expect(screen.getAllByTestId('subject-card')).toHaveLength(2);
    expect(screen.getByText('About subject 2')).toBeTruthy();
    expect(screen.queryByText('Loading subjects...')).toBeNull();
    const [url] = subjectCalls(fetchMock);
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      isActive: 'true',
      search: '',
      page: '1',
      limit: '8',
    });
    expect(missing).toEqual([]);
  });

  it('shows the Arabic no-subjects message with retry when the first page has total 0', async () => {
    const fetchMock = mockApi(() => jsonResponse(200, subjectsPage([], { total: 0, totalPages: 0 })));
    await renderModal('/search', 'ar');
    expect(await screen.findByText('لم يتم العثور على أي مواد. يرجى المحاولة مرة أخرى لاحقاً.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: ar.subjects.retry }));
    await waitFor(() => expect(subjectCalls(fetchMock)).toHaveLength(2));
  });

  it('shows the bad-format message when data is not an array', async () => {
    mockApi(() => jsonResponse(200, { data: { not: 'a list' }, total: 3 }));
    await renderModal('/search', 'ar');
    expect(await screen.findByText('تنسيق البيانات غير صحيح. يرجى المحاولة مرة أخرى لاحقاً.')).toBeTruthy();
    expect(screen.getByRole('button', { name: ar.subjects.retry })).toBeTruthy();
    expect(screen.queryByTestId('subject-card')).toBeNull();
  });

  it('shows the load-failure message on an error, and retry loads the list', async () => {
    let fail = true;
    mockApi(() =>
      fail ? jsonResponse(500, { status: 500, message: 'Boom', code: 'internal' }) : jsonResponse(200, firstPage()),
    );
    await renderModal('/search', 'ar');
    expect(await screen.findByText('حدث خطأ أثناء تحميل المواد. يرجى المحاولة مرة أخرى لاحقاً.')).toBeTruthy();
    expect(screen.queryByTestId('subject-card')).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: ar.subjects.retry }));
    expect(await screen.findByRole('button', { name: /Math/ })).toBeTruthy();
    expect(screen.queryByText('حدث خطأ أثناء تحميل المواد. يرجى المحاولة مرة أخرى لاحقاً.')).toBeNull();
  });

  it('pages with previous and next within 1..totalPages', async () => {
    const fetchMock = mockApi((url) => {
      const page = Number(url.searchParams.get('page'));
      return jsonResponse(
        200,
        subjectsPage([makeSubject(page * 10, { name: `Page ${page} subject` })], { total: 12, page, totalPages: 2 }),
      );
    });
    await renderModal('/search');
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    await userEvent.click(next);
    expect(await screen.findByText('Page 2 subject')).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(subjectCalls(fetchMock).map((url) => url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('searches subjects after a 500 ms pause, from page 1', async () => {
    const fetchMock = mockApi(() => jsonResponse(200, firstPage()));
    await renderModal('/search');
    await screen.findByRole('button', { name: /Math/ });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search subjects' }), 'phy');
    expect(subjectCalls(fetchMock)).toHaveLength(1);
    await waitFor(() => expect(subjectCalls(fetchMock)).toHaveLength(2), { timeout: 1500 });
    expect(subjectCalls(fetchMock)[1]?.searchParams.get('search')).toBe('phy');
    expect(subjectCalls(fetchMock)[1]?.searchParams.get('page')).toBe('1');
  });
});

describe('SubjectSelectionModal choice (spec 2, 5)', () => {
  it('selects one subject; clicking the selected one deselects it', async () => {
    mockApi(() => jsonResponse(200, firstPage()));
    await renderModal('/search?subject=2');
    const physics = await screen.findByRole('button', { name: /Physics/ });
    const math = screen.getByRole('button', { name: /Math/ });
    expect(physics.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Selected:').parentElement?.textContent).toContain('Physics');
    await userEvent.click(math);
    expect(math.getAttribute('aria-pressed')).toBe('true');
    expect(physics.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(math);
    expect(math.getAttribute('aria-pressed')).toBe('false');
  });

  it('adds a custom subject on Enter, ignores blanks and duplicates, logs a new one once, and removes it', async () => {
    const fetchMock = mockApi(() => jsonResponse(200, firstPage()));
    await renderModal('/search');
    await screen.findByRole('button', { name: /Math/ });
    const input = screen.getByRole('textbox', { name: 'Add your own subject' });
    await userEvent.type(input, '   {Enter}');
    expect(screen.queryAllByTestId('custom-subject-chip')).toHaveLength(0);
    await userEvent.type(input, '  Robotics {Enter}');
    await userEvent.type(input, 'robotics{Enter}');
    const chips = screen.getAllByTestId('custom-subject-chip');
    expect(chips).toHaveLength(1);
    expect(chips[0]?.textContent).toContain('Robotics');
    expect((input as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(logCalls(fetchMock)).toHaveLength(1));
    const [, init] = logCalls(fetchMock)[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ keywords: 'Robotics', searchType: 'subject' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Robotics' }));
    expect(screen.queryAllByTestId('custom-subject-chip')).toHaveLength(0);
  });

  it('confirm writes subject and customSubjects into the search page address in place', async () => {
    mockApi(() => jsonResponse(200, firstPage()));
    const { router, onClose } = await renderModal('/search?q=math&page=3&customSubjects=Chess');
    await userEvent.click(await screen.findByRole('button', { name: /Physics/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Add your own subject' }), 'Robotics{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Show teachers' }));
    expect(router.state.location.pathname).toBe('/en/search');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      q: 'math',
      subject: '2',
      customSubjects: 'Chess,Robotics',
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('an empty custom list removes the parameter', async () => {
    mockApi(() => jsonResponse(200, firstPage()));
    const { router } = await renderModal('/search?q=math&customSubjects=Chess');
    await screen.findByRole('button', { name: /Math/ });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Chess' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show teachers' }));
    expect(router.state.location.search).toBe('?q=math');
  });

  it('from another page, confirm goes to the search page with the choice', async () => {
    mockApi(() => jsonResponse(200, firstPage()));
    const { router } = await renderModal('/teachers?page=2', 'ar');
    await userEvent.click(await screen.findByRole('button', { name: /Math/ }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: ar.subjects.confirm }));
    expect(router.state.location.pathname).toBe('/ar/search');
    expect(router.state.location.search).toBe('?subject=1');
  });

  it('the confirm button sits in a sticky footer, so a phone keeps it on screen while the list scrolls', async () => {
    mockApi(() => jsonResponse(200, firstPage()));
    await renderModal('/teachers', 'ar');
    const dialog = await screen.findByRole('dialog');
    const footer = within(dialog).getByTestId('modal-footer');
    expect(within(footer).getByRole('button', { name: ar.subjects.confirm })).toBeTruthy();
    expect(footer.className).toMatch(/(^|\s)sticky(\s|$)/);
    // -bottom-5: the scrolling body's padding, so nothing shows below the buttons.
    expect(footer.className).toMatch(/(^|\s)-bottom-5(\s|$)/);
    expect(footer.className).toContain('env(safe-area-inset-bottom)');
  });
});
