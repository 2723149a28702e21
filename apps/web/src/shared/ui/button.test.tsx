import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/common.json';
import { setTestLanguage } from '../test/test-i18n.ts';
import { Button, buttonClasses } from './button.tsx';
import { FullPageSpinner } from './spinner.tsx';

// The common texts in English unless a test switches.
await setTestLanguage('en');

describe('Button', () => {
  it('is a plain button by default', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toContain('bg-primary');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('disables itself and shows a spinner while loading', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Save/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('lets a submit button submit', () => {
    render(<Button type="submit">Send</Button>);
    expect(screen.getByRole('button').getAttribute('type')).toBe('submit');
  });

  it('gives links the same look', () => {
    const classes = buttonClasses({ variant: 'outline', size: 'lg', className: 'w-full' });
    expect(classes).toContain('border-slate-300');
    expect(classes).toContain('min-h-12');
    expect(classes).toContain('w-full');
    expect(classes).not.toMatch(/\b(ml|mr|pl|pr|left|right)-/);
  });
});

describe('Spinner', () => {
  it('announces loading in the current language', async () => {
    await setTestLanguage('ar');
    render(<FullPageSpinner />);
    expect(screen.getByRole('status').textContent).toBe(ar.loading);
    await setTestLanguage('en');
  });
});
