import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, type PaginationLabels } from './pagination.tsx';

const LABELS: PaginationLabels = {
  previous: 'Previous',
  next: 'Next',
  status: ({ page, totalPages }) => `Page ${page} of ${totalPages}`,
  nav: 'Pages',
};

function button(name: string): HTMLButtonElement {
  return screen.getByRole('button', { name }) as HTMLButtonElement;
}

describe('Pagination', () => {
  it('renders the status text inside a named navigation', () => {
    render(<Pagination page={2} totalPages={4} onPageChange={() => {}} language="en" labels={LABELS} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 4')).toBeTruthy();
  });

  it('calls onPageChange with the page before and after', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={2} totalPages={4} onPageChange={onPageChange} language="en" labels={LABELS} />);
    await userEvent.click(button('Previous'));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    await userEvent.click(button('Next'));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    expect(onPageChange).toHaveBeenCalledTimes(2);
  });

  it('disables previous on the first page and next on the last', () => {
    const { rerender } = render(
      <Pagination page={1} totalPages={3} onPageChange={() => {}} language="en" labels={LABELS} />,
    );
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);
    rerender(<Pagination page={3} totalPages={3} onPageChange={() => {}} language="en" labels={LABELS} />);
    expect(button('Previous').disabled).toBe(false);
    expect(button('Next').disabled).toBe(true);
  });

  it('names icon-only buttons when compact and flips the chevrons in right-to-left', () => {
    render(<Pagination page={2} totalPages={3} onPageChange={() => {}} language="en" labels={LABELS} compact />);
    const next = button('Next');
    expect(next.textContent).toBe('');
    expect(next.querySelector('svg')?.getAttribute('class')).toContain('rtl:-scale-x-100');
    expect(button('Previous').querySelector('svg')?.getAttribute('class')).toContain('rtl:-scale-x-100');
  });

  it('shows nothing for a single page', () => {
    const { container } = render(
      <Pagination page={1} totalPages={1} onPageChange={() => {}} language="en" labels={LABELS} />,
    );
    expect(container.innerHTML).toBe('');
  });
});
