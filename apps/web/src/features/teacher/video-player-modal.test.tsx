import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language } from '@ustaz/contract/constants';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import arTeacher from '../../../public/locales/ar/teacher.json';
import enTeacher from '../../../public/locales/en/teacher.json';
import { createTestI18n } from '../../shared/test/test-i18n.ts';
import { VideoPlayerModal } from './video-player-modal.tsx';

async function renderPlayer(data: unknown, language: Language = 'en') {
  const { i18n, missing } = await createTestI18n(language);
  const closeModal = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <VideoPlayerModal data={data} props={{}} closeModal={closeModal} titleId="video-title" />
    </I18nextProvider>,
  );
  return { closeModal, missing };
}

describe('VideoPlayerModal', () => {
  it('embeds a valid link with autoplay, a translated title and the description below', async () => {
    const { missing } = await renderPlayer(
      { url: 'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=1', description: 'منى الصباح · رياضيات' },
      'ar',
    );
    const frame = screen.getByTitle(arTeacher.video.frameTitle);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
    expect(frame.getAttribute('allow')).toContain('autoplay');
    expect(frame.hasAttribute('allowfullscreen')).toBe(true);
    expect(screen.getByText('منى الصباح · رياضيات').getAttribute('dir')).toBe('auto');
    expect(document.getElementById('video-title')?.textContent).toBe(arTeacher.video.title);
    expect(missing).toEqual([]);
  });

  it.each(['https://www.youtube.com/watch?v=short', 'javascript:alert(1)', 'https://vimeo.com/76979871'])(
    'shows the error title and the link for %s, and no player',
    async (url) => {
      const { closeModal } = await renderPlayer({ url });
      expect(document.getElementById('video-title')?.textContent).toBe(enTeacher.video.errorTitle);
      expect(screen.getByText(enTeacher.video.invalidLink)).toBeTruthy();
      expect(screen.getByTestId('video-error-url').textContent).toBe(url);
      expect(screen.queryByTitle(enTeacher.video.frameTitle)).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'OK' }));
      expect(closeModal).toHaveBeenCalledOnce();
    },
  );

  it.each([{ url: null }, { url: '   ' }, undefined, 'not an object'])(
    'says there is no video when the link is missing (%j)',
    async (data) => {
      await renderPlayer(data, 'ar');
      expect(document.getElementById('video-title')?.textContent).toBe(arTeacher.video.errorTitle);
      expect(screen.getByText(arTeacher.video.notAvailable)).toBeTruthy();
      expect(screen.queryByTestId('video-error-url')).toBeNull();
      expect(screen.queryByTitle(arTeacher.video.frameTitle)).toBeNull();
    },
  );
});
