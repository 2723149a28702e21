import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import arHome from '../../../public/locales/ar/home.json';
import enHome from '../../../public/locales/en/home.json';
import { HeroCarousel } from './hero-carousel.tsx';
import { renderRouteWithFakeTimers, stubBrowserLayout } from './test-support.tsx';

afterEach(() => {
  vi.useRealTimers();
});

function activeSlide() {
  return screen.getAllByTestId('hero-slide').findIndex((slide) => slide.dataset.active === 'true');
}

async function renderHero(language: 'ar' | 'en') {
  return renderRouteWithFakeTimers(<HeroCarousel />, { language, path: '' });
}

describe('HeroCarousel', () => {
  it('has 3 translated slides whose buttons open the language search page', async () => {
    stubBrowserLayout();
    const { missing } = await renderHero('ar');
    const slides = screen.getAllByTestId('hero-slide');
    expect(slides).toHaveLength(3);
    arHome.hero.slides.forEach((slide, index) => {
      expect(slides[index]?.textContent).toContain(slide.title);
      expect(slides[index]?.textContent).toContain(slide.description);
    });
    const button = screen.getByRole('link', { name: arHome.hero.slides[0]?.button });
    expect(button.getAttribute('href')).toBe('/ar/search');
    // Hidden slides are out of reach of the keyboard and screen readers.
    expect(slides[1]?.getAttribute('aria-hidden')).toBe('true');
    expect(slides[1]?.hasAttribute('inert')).toBe(true);
    expect(missing).toEqual([]);
  });

  it('advances every 5 s and loops back to the first slide', async () => {
    stubBrowserLayout();
    await renderHero('en');
    act(() => vi.advanceTimersByTime(4999));
    expect(activeSlide()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(activeSlide()).toBe(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(activeSlide()).toBe(2);
    act(() => vi.advanceTimersByTime(5000));
    expect(activeSlide()).toBe(0);
  });

  it('disables the arrows for the 800 ms of a transition; previous from the first goes to the last', async () => {
    stubBrowserLayout();
    await renderHero('en');
    const previous = screen.getByRole('button', { name: enHome.hero.previous });
    const next = screen.getByRole('button', { name: enHome.hero.next });
    fireEvent.click(next);
    expect(activeSlide()).toBe(1);
    expect((next as HTMLButtonElement).disabled).toBe(true);
    expect((previous as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(next);
    expect(activeSlide()).toBe(1);
    act(() => vi.advanceTimersByTime(799));
    expect((next as HTMLButtonElement).disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect((next as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(previous);
    act(() => vi.advanceTimersByTime(800));
    fireEvent.click(previous);
    expect(activeSlide()).toBe(2);
  });

  it('mirrors the arrow icons in Arabic', async () => {
    stubBrowserLayout();
    await renderHero('ar');
    const icon = screen.getByRole('button', { name: arHome.hero.next }).querySelector('svg');
    expect(icon?.getAttribute('class')).toContain('rtl:-scale-x-100');
  });

  it('does not advance on its own when reduced motion is preferred, nor when paused', async () => {
    stubBrowserLayout({ reducedMotion: true });
    const view = await renderHero('en');
    act(() => vi.advanceTimersByTime(20_000));
    expect(activeSlide()).toBe(0);
    expect(screen.queryByRole('button', { name: enHome.hero.pause })).toBeNull();
    view.unmount();

    vi.useRealTimers();
    stubBrowserLayout();
    await renderHero('en');
    fireEvent.click(screen.getByRole('button', { name: enHome.hero.pause }));
    act(() => vi.advanceTimersByTime(20_000));
    expect(activeSlide()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: enHome.hero.play }));
    act(() => vi.advanceTimersByTime(5000));
    expect(activeSlide()).toBe(1);
  });
});
