import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Language } from '@ustaz/contract/constants';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { type ApiAnswer, type ApiCall, type ApiRoute, mockApi, ok } from '../../../shared/test/mock-api.ts';
import { renderAppRoute } from '../../../shared/test/render-app-route.tsx';
import { AppToaster } from '../../../shared/ui/toast.tsx';
import { listPage } from './list-test-data.ts';

/**
 * Test helper: renders a dashboard page at `/{language}{path}` as the app does, with the toaster
 * (the page's notices); `path` may carry the list's filters (`/admin/users?status=suspended`), and
 * `pattern` is the route's own when it has params (`/admin/users/:id`).
 */
export function renderAdminPage(
  page: ReactElement,
  { language = 'en', path, pattern }: { language?: Language; path: string; pattern?: string },
) {
  return renderAppRoute(
    <>
      {page}
      <AppToaster />
    </>,
    { language, path, pattern },
  );
}

/**
 * Test helper: `renderPage({ language, path })` of one page, at `/admin/…` (`path`) in English
 * unless told otherwise.
 */
export function adminPageRenderer(page: ReactElement, path: string) {
  return ({ language = 'en', path: at = path }: { language?: Language; path?: string } = {}) =>
    renderAdminPage(page, { language, path: at });
}

/**
 * Test helper: the setup of every admin test file. A failing call logs a React error on purpose,
 * so console.error is silenced; stubbed globals (fetch) and spies are undone after each test.
 */
export function setUpAdminTests() {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** The body rows of the table with `data-testid={testId}` (its header row left out). */
export function tableRows(testId: string): HTMLElement[] {
  return within(screen.getByTestId(testId)).getAllByRole('row').slice(1);
}

/** The row of that table whose text includes `text`; fails the test when there is none. */
export function tableRow(testId: string, text: string): HTMLElement {
  const row = within(screen.getByTestId(testId))
    .getAllByRole('row')
    .find((item) => item.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

/** Text as read, with Intl's no-break spaces as plain ones. */
export function plainText(element: Element): string {
  return (element.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
}

/** The helper and error texts a field points to (its aria-describedby targets). */
export function describedText(field: HTMLElement): string {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ');
}

/**
 * Test helper: a list endpoint (`route`) that answers its rows as the actions left them (one page,
 * or `answer` of the rows), beside the actions' routes, which `more` makes with the same rows.
 */
export function listApi<Row>(
  route: string,
  initial: Row[],
  more: (rows: Row[]) => Record<string, ApiRoute> = () => ({}),
  answer: (rows: Row[]) => unknown = listPage,
) {
  const rows = [...initial];
  return mockApi({ [route]: () => ok(answer([...rows])), ...more(rows) });
}

/** Test helper: changes the row with `id` in place, as the server would, and returns it. */
export function replaceRow<Row extends { id: number }>(rows: Row[], id: number, change: Partial<Row>): Row {
  const index = rows.findIndex((row) => row.id === id);
  rows[index] = { ...(rows[index] as Row), ...change };
  return rows[index] as Row;
}

/** Test helper: an error answer as the server sends it (`{ status, code, message }` or `{ status, errors }`). */
export function refusal(
  status: number,
  body: { code?: string; message?: string; errors?: Record<string, string> },
): ApiAnswer {
  return { status, body: { status, ...body } };
}

/**
 * Test helper: the requests to one list route (`calls` from mockApi), with the steps of "change a
 * filter, wait for the list to ask it"; the test still names what the request must carry.
 */
export function listRequests(calls: { callsTo: (route: string) => ApiCall[] }, route: string) {
  const expectLast = (name: string, value: string) =>
    waitFor(() => expect(calls.callsTo(route).at(-1)?.search.get(name)).toBe(value));
  return {
    /** Expects the first request to ask the first page of 20 rows with `filters` and nothing else. */
    expectFirstPage: (filters: Record<string, string>) =>
      expect(Object.fromEntries(calls.callsTo(route)[0]?.search ?? [])).toEqual({ ...filters, page: '1', limit: '20' }),
    /** Waits until the last request asks `name=value`. */
    expectLast,
    /** Picks `option` in the select labelled `label`, then waits until the list asks `name=value`. */
    async select(user: UserEvent, label: string, option: string, [name, value]: [string, string]) {
      await user.selectOptions(screen.getByLabelText(label), option);
      await expectLast(name, value);
    },
    /** Types `keys` in the field labelled `label`, then waits until the list asks `name=value`. */
    async type(user: UserEvent, label: string, keys: string, [name, value]: [string, string]) {
      await user.type(screen.getByLabelText(label), keys);
      await expectLast(name, value);
    },
  };
}
