import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from '../test/test-i18n.ts';
import { LTR_FIELD_AT_PAGE_START, PLACEHOLDER_IN_PAGE_DIRECTION } from './class-names.ts';
import { TextInput } from './text-input.tsx';
import { Textarea } from './textarea.tsx';

// The common texts in English unless a test switches.
await setTestLanguage('en');

function ControlledName({ onValueChange }: { onValueChange?: (value: string) => void }) {
  const [value, setValue] = useState('Sara');
  return (
    <TextInput
      label="Name"
      name="name"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onValueChange={onValueChange}
      clearable
    />
  );
}

function ControlledCode({ onValueChange }: { onValueChange: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <TextInput
      label="Code"
      name="code"
      maxLength={3}
      value={value}
      onValueChange={(next) => {
        onValueChange(next);
        setValue(next);
      }}
    />
  );
}

describe('TextInput', () => {
  it('blocks characters beyond maxLength and counts them', async () => {
    const user = userEvent.setup();
    render(<TextInput label="Note" name="note" maxLength={5} showCounter />);
    const input = screen.getByLabelText('Note');

    await user.type(input, 'abc');
    expect(screen.getByText('3 / 5')).toBeTruthy();

    await user.type(input, 'defgh');
    expect((input as HTMLInputElement).value).toBe('abcde');
    expect(screen.getByText('5 / 5')).toBeTruthy();

    await user.clear(input);
    await user.click(input);
    await user.paste('1234567890');
    expect((input as HTMLInputElement).value).toBe('12345');
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByText('5 / 5').id);
  });

  it('keeps a controlled value within maxLength', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    render(<ControlledCode onValueChange={(next) => seen.push(next)} />);
    await user.type(screen.getByLabelText('Code'), 'abcdef');
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('abc');
    expect(seen).toContain('abc');
    expect(seen.every((value) => value.length <= 3)).toBe(true);
  });

  it('cuts text set by script beyond maxLength', () => {
    const onValueChange = vi.fn();
    render(<TextInput label="Note" name="note" maxLength={4} onValueChange={onValueChange} />);
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'abcdefgh' } });
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('abcd');
    expect(onValueChange).toHaveBeenCalledWith('abcd');
  });

  it('marks required fields visibly and for assistive technology', () => {
    render(<TextInput label="E-mail" name="email" required />);
    const input = screen.getByRole('textbox', { name: /E-mail/ });
    expect(input.getAttribute('aria-required')).toBe('true');
    expect((input as HTMLInputElement).required).toBe(true);
    const marker = screen.getByText('*');
    expect(marker.getAttribute('aria-hidden')).toBe('true');
    expect(marker.getAttribute('title')).toBe('required');
  });

  it('shows the error as an alert linked to an invalid input', () => {
    render(<TextInput label="Name" name="name" error="This field is required" helperText="As on your ID" />);
    const input = screen.getByLabelText('Name');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('This field is required');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy).toContain(alert.id);
    expect(describedBy).toContain(screen.getByText('As on your ID').id);
  });

  it('has no error state without an error', () => {
    render(<TextInput label="Name" name="name" />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Name').hasAttribute('aria-invalid')).toBe(false);
  });

  it('clears a controlled value through onChange and refocuses the input', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<ControlledName onValueChange={onValueChange} />);
    const input = screen.getByLabelText('Name') as HTMLInputElement;
    expect(input.value).toBe('Sara');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(input.value).toBe('');
    expect(onValueChange).toHaveBeenLastCalledWith('');
    expect(document.activeElement).toBe(input);
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();

    await user.type(input, 'Ali');
    expect(input.value).toBe('Ali');
    expect(screen.getByRole('button', { name: 'Clear' })).toBeTruthy();
  });

  it('clears an uncontrolled value', async () => {
    const user = userEvent.setup();
    render(<TextInput label="City" name="city" defaultValue="Kuwait" clearable maxLength={10} showCounter />);
    expect(screen.getByText('6 / 10')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('0 / 10')).toBeTruthy();
  });

  it('uses dir="auto" for user text and passes native props through', () => {
    render(<TextInput label="Bio" name="bio" placeholder="..." autoComplete="off" />);
    const input = screen.getByLabelText('Bio');
    expect(input.getAttribute('dir')).toBe('auto');
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(input.getAttribute('name')).toBe('bio');
  });

  it('keeps an empty field with its placeholder in the page direction (Arabic placeholder on the right)', () => {
    render(
      <div dir="rtl">
        <TextInput label="المادة" name="subject" placeholder="اكتب اسم المادة ثم اضغط Enter" />
        <Textarea aria-label="الملاحظة" placeholder="اكتب ملاحظتك" />
      </div>,
    );
    // dir="auto" follows what is typed; while the placeholder shows, direction comes from the page
    // (Chromium makes an empty dir="auto" field left-to-right).
    for (const field of [screen.getByLabelText('المادة'), screen.getByLabelText('الملاحظة')]) {
      expect(field.getAttribute('dir')).toBe('auto');
      expect(field.className).toContain(PLACEHOLDER_IN_PAGE_DIRECTION);
    }
    expect(PLACEHOLDER_IN_PAGE_DIRECTION).toBe('placeholder-shown:[direction:inherit]');
  });

  it('puts a left-to-right field (an amount typed as ١٠٫٥) at the start of an Arabic page, on the right', () => {
    render(
      <div dir="rtl">
        <TextInput label="المبلغ" name="amount" dir="ltr" inputMode="decimal" />
        <TextInput label="الاسم" name="name" />
      </div>,
    );
    const amount = screen.getByLabelText('المبلغ');
    expect(amount.getAttribute('dir')).toBe('ltr');
    expect(amount.className).toContain(LTR_FIELD_AT_PAGE_START);
    expect(screen.getByLabelText('الاسم').className).not.toContain(LTR_FIELD_AT_PAGE_START);
    expect(LTR_FIELD_AT_PAGE_START).toBe('rtl:[text-align:end]');
  });
});
