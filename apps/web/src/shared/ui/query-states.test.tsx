import type { UseQueryResult } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from '../test/test-i18n.ts';
import { QueryStates } from './query-states.tsx';

await setTestLanguage('en');

type Rows = { data: string[] };

/** The fields QueryStates reads, in the state TanStack Query reports them. */
function query(state: Partial<UseQueryResult<Rows>>): UseQueryResult<Rows> {
  return {
    isPending: false,
    isError: false,
    isFetching: false,
    refetch: vi.fn(),
    ...state,
  } as unknown as UseQueryResult<Rows>;
}

function renderStates(result: UseQueryResult<Rows>) {
  return render(
    <QueryStates
      query={result}
      loading={{ label: 'Loading rows', count: 2, className: 'list', itemClassName: 'row', testId: 'rows-loading' }}
      error={{ title: 'No rows', body: 'Try later', testId: 'rows-error' }}
      isEmpty={(rows) => rows.data.length === 0}
      empty={<p>Nothing yet</p>}
    >
      {(rows) => (
        <ul>
          {rows.data.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </QueryStates>,
  );
}

describe('QueryStates', () => {
  it('shows the named placeholders while pending', () => {
    renderStates(query({ isPending: true }));
    expect(screen.getByRole('status').textContent).toBe('Loading rows');
    expect(screen.getByTestId('rows-loading').querySelectorAll('.animate-pulse')).toHaveLength(2);
  });

  it('shows a page’s own skeleton when given one', () => {
    render(
      <QueryStates query={query({ isPending: true })} loading={<p>Own skeleton</p>} error={{ title: 'x', body: 'y' }}>
        {() => null}
      </QueryStates>,
    );
    expect(screen.getByText('Own skeleton')).toBeTruthy();
  });

  it('shows the error card whose retry refetches', async () => {
    const failed = query({ isError: true });
    renderStates(failed);
    expect(screen.getByRole('alert').textContent).toContain('No rows');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('gives an own error markup the retry', async () => {
    const failed = query({ isError: true, isFetching: true });
    const markup = vi.fn(({ onRetry }: { onRetry: () => void }) => (
      <button type="button" onClick={onRetry}>
        Again
      </button>
    ));
    render(
      <QueryStates query={failed} loading={<p />} error={markup}>
        {() => null}
      </QueryStates>,
    );
    expect(markup).toHaveBeenCalledWith(expect.objectContaining({ retrying: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Again' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty state, then the data', () => {
    const { unmount } = renderStates(query({ data: { data: [] } }));
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    unmount();
    renderStates(query({ data: { data: ['a', 'b'] } }));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['a', 'b']);
  });
});
