import type { UseQueryResult } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from '../test/test-i18n.ts';
import { BellOff } from './icons.tsx';
import { listPlaceholders, PagedQueryStates } from './paged-query-states.tsx';

await setTestLanguage('en');

type Page = { data: string[]; totalPages: number };

const LABELS = { nav: 'Pages', previous: 'Back', next: 'On', status: () => 'page' };

function renderPage(data: Page, onPageChange = vi.fn()) {
  const settled = { data, isPending: false, isError: false } as unknown as UseQueryResult<Page>;
  render(
    <MemoryRouter>
      <PagedQueryStates
        query={settled}
        pager={{ page: 9, onPageChange, labels: LABELS }}
        className="box"
        loading={listPlaceholders('Loading', 'rows', 2, 'h-12')}
        error={{ title: 'Failed', body: 'Try later' }}
        empty={{ icon: BellOff, title: 'Nothing', body: 'Come back later', testId: 'none' }}
      >
        {(page) => <p>{page.data.join(',')}</p>}
      </PagedQueryStates>
    </MemoryRouter>,
  );
  return onPageChange;
}

describe('PagedQueryStates', () => {
  it('shows the empty card of the texts when the page has no rows', () => {
    renderPage({ data: [], totalPages: 0 });
    expect(screen.getByTestId('none').textContent).toContain('Nothing');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the rows with the pager under them, the page kept within the last', async () => {
    const onPageChange = renderPage({ data: ['a', 'b'], totalPages: 3 });
    expect(screen.getByText('a,b').parentElement?.className).toBe('box');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});

describe('listPlaceholders', () => {
  it('gives the layout and the look of the preset', () => {
    expect(listPlaceholders('Loading', 'grid', 6, 'h-72')).toEqual({
      label: 'Loading',
      count: 6,
      className: 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3',
      itemClassName: 'h-72 rounded-2xl bg-slate-200/70',
      testId: undefined,
    });
  });
});
