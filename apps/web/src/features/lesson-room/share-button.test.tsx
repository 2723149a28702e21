import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { ShareButton } from './share-button.tsx';

// Issue 30 item 11: while the screen is shared the button says so, in both languages.
describe('the share button', () => {
  it.each([
    ['ar', 'مشاركة الشاشة', 'إيقاف المشاركة'],
    ['en', 'Share screen', 'Stop sharing'],
  ] as const)('in %s: "%s" until sharing, then "%s"', async (language, share, stop) => {
    const onToggle = vi.fn();
    const view = await renderRoute(<ShareButton sharing={false} onToggle={onToggle} disabled={false} />, {
      language,
      path: '/lessons/7',
    });
    const idle = await screen.findByTestId('lesson-share');
    expect(idle.textContent).toBe(share);
    expect(idle.getAttribute('aria-pressed')).toBe('false');
    view.unmount();
    await renderRoute(<ShareButton sharing onToggle={onToggle} disabled={false} />, { language, path: '/lessons/7' });
    const sharing = await screen.findByTestId('lesson-share');
    expect(sharing.textContent).toBe(stop);
    expect(sharing.getAttribute('aria-pressed')).toBe('true');
  });
});
