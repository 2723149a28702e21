import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import enHome from '../../../public/locales/en/home.json';
import { createTestI18n } from '../../shared/test/test-i18n.ts';
import { FaqSection } from './faq-section.tsx';

async function renderFaq() {
  const { i18n, missing } = await createTestI18n('en');
  render(
    <I18nextProvider i18n={i18n}>
      <FaqSection />
    </I18nextProvider>,
  );
  return { missing };
}

function expandedStates() {
  return enHome.faq.items.map(
    (item) => screen.getByRole('button', { name: item.question }).getAttribute('aria-expanded') === 'true',
  );
}

describe('FaqSection', () => {
  it('has the faq anchor and 4 questions, the first open', async () => {
    const { missing } = await renderFaq();
    expect(document.getElementById('faq')?.tagName).toBe('SECTION');
    expect(expandedStates()).toEqual([true, false, false, false]);
    expect(screen.getByText(enHome.faq.items[0]?.answer ?? '').hidden).toBe(false);
    expect(screen.getByText(enHome.faq.items[1]?.answer ?? '').hidden).toBe(true);
    expect(missing).toEqual([]);
  });

  it('keeps one item open at a time, and clicking the open one closes it', async () => {
    await renderFaq();
    fireEvent.click(screen.getByRole('button', { name: enHome.faq.items[2]?.question }));
    expect(expandedStates()).toEqual([false, false, true, false]);
    expect(screen.getByText(enHome.faq.items[2]?.answer ?? '').hidden).toBe(false);
    expect(screen.getByText(enHome.faq.items[0]?.answer ?? '').hidden).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: enHome.faq.items[2]?.question }));
    expect(expandedStates()).toEqual([false, false, false, false]);

    fireEvent.click(screen.getByRole('button', { name: enHome.faq.items[3]?.question }));
    expect(expandedStates()).toEqual([false, false, false, true]);
  });
});
