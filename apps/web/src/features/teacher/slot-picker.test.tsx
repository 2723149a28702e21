import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import arTeacher from '../../../public/locales/ar/teacher.json';
import enTeacher from '../../../public/locales/en/teacher.json';
import { signedIn, student } from '../../shared/test/auth-test-data.ts';
import { renderTeacherRoute } from './render-teacher-route.tsx';
import { SlotPicker } from './slot-picker.tsx';
import { ARABIC_WEEK_OF_14_MARCH, timeSlot } from './teacher-test-data.ts';
import { slotSelectionKey, toggleSlotId } from './use-slot-selection.ts';

const ZONE = 'Asia/Kuwait';

// Kuwait times (UTC+3): Saturday 14 March 2026 18:00 and 20:00, Sunday 15 March 10:00, Tuesday 24 March 09:00.
const saturdayEvening = timeSlot('2026-03-14T15:00:00.000Z', { price: '12.500' });
const saturdayLate = timeSlot('2026-03-14T17:00:00.000Z', { price: 'call us' });
const sundayMorning = timeSlot('2026-03-15T07:00:00.000Z', { price: '7.250' });
const nextWeek = timeSlot('2026-03-24T06:00:00.000Z', { price: '5.000' });
const SLOTS = [sundayMorning, saturdayLate, nextWeek, saturdayEvening];

/** The text with the no-break spaces of Intl currency formats made plain. */
function textOf(testId: string) {
  return screen.getByTestId(testId).textContent?.replace(/\s/g, ' ');
}

function dayTabs() {
  return screen.getAllByRole('tab');
}

describe('toggleSlotId', () => {
  it('adds an id that is not chosen and removes one that is, without changing the old set', () => {
    const none = new Set<number>();
    const one = toggleSlotId(none, 3);
    expect([...one]).toEqual([3]);
    expect([...toggleSlotId(one, 5)].sort()).toEqual([3, 5]);
    expect([...toggleSlotId(one, 3)]).toEqual([]);
    expect(none.size).toBe(0);
  });
});

describe('SlotPicker', () => {
  it('ar: the week starts on Saturday, days and times in the viewer zone', async () => {
    await renderTeacherRoute(<SlotPicker slots={SLOTS} timeZone={ZONE} onBook={vi.fn()} />, {
      language: 'ar',
      path: '/teachers/7',
    });
    const tabs = dayTabs();
    expect(tabs).toHaveLength(7);
    expect(tabs.map((tab) => tab.dataset.day)).toEqual(ARABIC_WEEK_OF_14_MARCH);
    expect(tabs[0]?.textContent).toContain('السبت');
    // Saturday is open first with its two slots.
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByTestId('slot')).toHaveLength(2);
    expect(tabs[2]?.getAttribute('aria-disabled')).toBe('true');
  });

  it('en: the week starts on Sunday, so Saturday closes the first week', async () => {
    await renderTeacherRoute(<SlotPicker slots={SLOTS} timeZone={ZONE} onBook={vi.fn()} />, {
      language: 'en',
      path: '/teachers/7',
    });
    const tabs = dayTabs();
    expect(tabs[0]?.dataset.day).toBe('2026-03-08');
    expect(tabs[6]?.dataset.day).toBe('2026-03-14');
    expect(tabs[6]?.textContent).toContain('Sat');
    expect(tabs[6]?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByTestId('slot').map((slot) => slot.textContent)).toEqual([
      expect.stringContaining('6:00'),
      expect.stringContaining('8:00'),
    ]);

    await userEvent.click(screen.getByRole('button', { name: enTeacher.slots.nextWeek }));
    expect(dayTabs()[0]?.dataset.day).toBe('2026-03-15');
    expect(dayTabs()[0]?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByTestId('slot')).toHaveLength(1);
    expect(screen.getByRole('button', { name: enTeacher.slots.previousWeek }).hasAttribute('disabled')).toBe(false);
  });

  it('toggles slots with aria-pressed and sums the total, an unreadable price counting as zero', async () => {
    await renderTeacherRoute(<SlotPicker slots={SLOTS} timeZone={ZONE} onBook={vi.fn()} />, {
      language: 'en',
      path: '/teachers/7',
    });
    const [evening, late] = screen.getAllByTestId('slot') as [HTMLElement, HTMLElement];
    expect(within(late).getByText('Price unavailable')).toBeTruthy();
    expect(textOf('selection-count')).toBe(enTeacher.slots.selected_zero);

    await userEvent.click(evening);
    expect(evening.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(late);
    expect(late.getAttribute('aria-pressed')).toBe('true');
    expect(textOf('selection-count')).toBe('2 times chosen');
    expect(textOf('selection-total')).toBe('Total: KWD 12.500');

    // A slot on another week adds to the same selection.
    await userEvent.click(screen.getByRole('button', { name: enTeacher.slots.nextWeek }));
    await userEvent.click(screen.getByRole('button', { name: enTeacher.slots.nextWeek }));
    await userEvent.click(screen.getAllByTestId('slot')[0] as HTMLElement);
    expect(textOf('selection-total')).toBe('Total: KWD 17.500');

    await userEvent.click(screen.getByRole('button', { name: enTeacher.slots.previousWeek }));
    await userEvent.click(screen.getByRole('button', { name: enTeacher.slots.previousWeek }));
    const again = screen.getAllByTestId('slot')[0] as HTMLElement;
    expect(again.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(again);
    expect(again.getAttribute('aria-pressed')).toBe('false');
    expect(textOf('selection-total')).toBe('Total: KWD 5.000');

    await userEvent.click(screen.getByRole('button', { name: enTeacher.slots.clear }));
    expect(textOf('selection-count')).toBe(enTeacher.slots.selected_zero);
  });

  it('works from the keyboard: Space and Enter toggle, arrows move between open days', async () => {
    const user = userEvent.setup();
    await renderTeacherRoute(<SlotPicker slots={SLOTS} timeZone={ZONE} onBook={vi.fn()} />, {
      language: 'ar',
      path: '/teachers/7',
    });
    const [first] = screen.getAllByTestId('slot') as [HTMLElement];
    first.focus();
    await user.keyboard(' ');
    expect(first.getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('{Enter}');
    expect(first.getAttribute('aria-pressed')).toBe('false');

    // Right to left: the left arrow goes to the next open day (Sunday), skipping nothing closed.
    const saturday = dayTabs()[0] as HTMLElement;
    saturday.focus();
    await user.keyboard('{ArrowLeft}');
    expect(dayTabs()[1]?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(dayTabs()[1]);
    await user.keyboard('{ArrowLeft}');
    // Sunday was the last open day of the week: it wraps to Saturday.
    expect(dayTabs()[0]?.getAttribute('aria-selected')).toBe('true');
  });

  it('a signed-in user books the chosen slots in time order', async () => {
    const onBook = vi.fn();
    await renderTeacherRoute(<SlotPicker slots={SLOTS} timeZone={ZONE} onBook={onBook} />, {
      language: 'en',
      path: '/teachers/7',
      auth: signedIn(student()),
    });
    const book = screen.getByRole('button', { name: enTeacher.slots.book });
    expect(book.hasAttribute('disabled')).toBe(true);
    const [evening, late] = screen.getAllByTestId('slot') as [HTMLElement, HTMLElement];
    await userEvent.click(late);
    await userEvent.click(evening);
    await userEvent.click(book);
    expect(onBook).toHaveBeenCalledWith([saturdayEvening, saturdayLate]);
    expect(screen.queryByRole('link', { name: enTeacher.slots.loginToBook })).toBeNull();
  });

  it('a guest gets a login link that comes back to the teacher', async () => {
    const { router } = await renderTeacherRoute(<SlotPicker slots={SLOTS} timeZone={ZONE} onBook={vi.fn()} />, {
      language: 'ar',
      path: '/teachers/7',
    });
    expect(screen.queryByRole('button', { name: arTeacher.slots.book })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: arTeacher.slots.loginToBook }));
    expect(router.state.location.pathname).toBe('/ar/login');
    expect(router.state.location.state).toEqual({ from: '/ar/teachers/7' });
  });

  it('a guest who picked slots and signs in comes back with the same slots chosen; clearing forgets them', async () => {
    sessionStorage.clear();
    const first = await renderTeacherRoute(
      <SlotPicker slots={SLOTS} timeZone={ZONE} onBook={vi.fn()} teacherId={7} />,
      { language: 'en', path: '/teachers/7' },
    );
    // Saturday evening (the first week's last day in English) and the next week's Sunday morning.
    await userEvent.click(screen.getAllByTestId('slot')[0] as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: enTeacher.slots.nextWeek }));
    await userEvent.click(screen.getAllByTestId('slot')[0] as HTMLElement);
    await userEvent.click(screen.getByRole('link', { name: enTeacher.slots.loginToBook }));
    expect(first.router.state.location.pathname).toBe('/en/login');
    expect(JSON.parse(sessionStorage.getItem(slotSelectionKey(7)) ?? '[]').sort()).toEqual(
      [saturdayEvening.id, sundayMorning.id].sort(),
    );
    first.unmount();

    const onBook = vi.fn();
    await renderTeacherRoute(<SlotPicker slots={SLOTS} timeZone={ZONE} onBook={onBook} teacherId={7} />, {
      language: 'en',
      path: '/teachers/7',
      auth: signedIn(student()),
    });
    expect(textOf('selection-count')).toContain('2');
    // The restored view opens on the day of the first chosen slot.
    expect(screen.getByRole('tab', { selected: true }).dataset.day).toBe('2026-03-14');
    await userEvent.click(screen.getByRole('button', { name: enTeacher.slots.book }));
    expect(onBook).toHaveBeenCalledWith([saturdayEvening, sundayMorning]);
    await userEvent.click(screen.getByRole('button', { name: enTeacher.slots.clear }));
    expect(sessionStorage.getItem(slotSelectionKey(7))).toBeNull();
  });

  it('a kept selection belongs to its teacher only', async () => {
    sessionStorage.clear();
    sessionStorage.setItem(slotSelectionKey(8), JSON.stringify([saturdayEvening.id]));
    await renderTeacherRoute(<SlotPicker slots={SLOTS} timeZone={ZONE} onBook={vi.fn()} teacherId={7} />, {
      language: 'en',
      path: '/teachers/7',
    });
    expect(textOf('selection-count')).toBe(enTeacher.slots.selected_zero);
  });
});
