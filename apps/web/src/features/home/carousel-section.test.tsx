import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import arHome from '../../../public/locales/ar/home.json';
import enHome from '../../../public/locales/en/home.json';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { CarouselSection, type CarouselSectionProps } from './carousel-section.tsx';
import { stubBrowserLayout } from './test-support.tsx';

const MESSAGES = { loading: 'Loading things', empty: 'Nothing here', error: 'It broke' };

function renderSection(
  language: 'ar' | 'en',
  { count = 0, ...props }: Partial<CarouselSectionProps<number>> & { count?: number } = {},
) {
  stubBrowserLayout();
  const items = Array.from({ length: count }, (_, index) => index + 1);
  return renderRoute(
    <CarouselSection
      title="Things"
      items={items}
      getKey={(item) => item}
      renderItem={(item) => <p>card {item}</p>}
      autoplayMs={5000}
      status="success"
      messages={MESSAGES}
      {...props}
    />,
    { language, path: '' },
  );
}

describe('CarouselSection', () => {
  it('shows no previous/next buttons for 3 items', async () => {
    await renderSection('en', { count: 3 });
    expect(await screen.findByText('card 3')).toBeTruthy();
    expect(screen.getAllByTestId('carousel-slide')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: enHome.carousel.previous })).toBeNull();
    expect(screen.queryByRole('button', { name: enHome.carousel.next })).toBeNull();
  });

  it('shows previous/next buttons for more than 3 items, mirrored in Arabic', async () => {
    await renderSection('ar', { count: 4 });
    expect(await screen.findByText('card 4')).toBeTruthy();
    const next = screen.getByRole('button', { name: arHome.carousel.next });
    expect(screen.getByRole('button', { name: arHome.carousel.previous })).toBeTruthy();
    expect(next.querySelector('svg')?.getAttribute('class')).toContain('rtl:-scale-x-100');
    expect(screen.getByRole('region', { name: arHome.carousel.region.replace('{{title}}', 'Things') })).toBeTruthy();
  });

  it('prefixes the view-all link with the language', async () => {
    const viewAll = { path: '/search?mostFamous=true', label: 'See all' };
    const ar = await renderSection('ar', { count: 1, viewAll });
    expect(screen.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/ar/search?mostFamous=true');
    ar.unmount();
    await renderSection('en', { count: 0, viewAll: { ...viewAll, path: '/search?mostBooked=true' } });
    expect(screen.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/en/search?mostBooked=true');
  });

  it('has no view-all link unless given one', async () => {
    await renderSection('en', { count: 2 });
    expect(screen.queryByRole('link')).toBeNull();
  });

  it.each([
    ['loading', 0, MESSAGES.loading],
    ['error', 0, MESSAGES.error],
    ['success', 0, MESSAGES.empty],
  ] as const)('status %s with %i items shows its placeholder and no cards', async (status, count, message) => {
    await renderSection('en', { status, count });
    const placeholder = screen.getByText(message, { selector: 'p' }).parentElement;
    expect(placeholder?.dataset.placeholder).toBe(status === 'success' ? 'empty' : status);
    expect(screen.queryByTestId('carousel-slide')).toBeNull();
    expect(screen.queryByRole('button', { name: enHome.carousel.next })).toBeNull();
  });

  it('shows the error placeholder in red', async () => {
    await renderSection('en', { status: 'error', count: 5 });
    const placeholder = screen.getByText(MESSAGES.error).parentElement;
    expect(placeholder?.className).toContain('bg-red-50');
    expect(screen.queryByText('card 1')).toBeNull();
  });
});
