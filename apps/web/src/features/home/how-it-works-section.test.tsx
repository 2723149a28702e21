import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import arHome from '../../../public/locales/ar/home.json';
import { HowItWorksSection } from './how-it-works-section.tsx';
import { renderRouteWithFakeTimers } from './test-support.tsx';

afterEach(() => {
  vi.useRealTimers();
});

function activeSteps() {
  return screen.getAllByTestId('how-it-works-step').map((step) => step.dataset.active === 'true');
}

describe('HowItWorksSection', () => {
  it('shows 3 numbered steps and moves the highlight every 3 s, back to the first after the last', async () => {
    const { missing } = await renderRouteWithFakeTimers(<HowItWorksSection />, { language: 'ar', path: '' });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(arHome.howItWorks.title);
    const steps = screen.getAllByTestId('how-it-works-step');
    expect(steps).toHaveLength(3);
    expect(steps[0]?.textContent).toContain('١');
    expect(steps[2]?.textContent).toContain(arHome.howItWorks.steps[2]?.title);
    expect(activeSteps()).toEqual([true, false, false]);

    act(() => vi.advanceTimersByTime(2999));
    expect(activeSteps()).toEqual([true, false, false]);
    act(() => vi.advanceTimersByTime(1));
    expect(activeSteps()).toEqual([false, true, false]);
    act(() => vi.advanceTimersByTime(3000));
    expect(activeSteps()).toEqual([false, false, true]);
    act(() => vi.advanceTimersByTime(3000));
    expect(activeSteps()).toEqual([true, false, false]);
    expect(missing).toEqual([]);
  });
});
