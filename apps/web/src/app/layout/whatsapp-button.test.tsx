import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { showsWhatsAppButton, WhatsAppButton } from './whatsapp-button.tsx';

describe('showsWhatsAppButton', () => {
  it.each([
    '/ar/chats',
    '/en/chats/12',
    '/ar/lessons/5',
    '/en/payment/success',
    '/ar/payment/failure',
    '/en/suspended-payment',
    '/chats',
  ])('hides it on %s (the message box, the lesson room, payment screens)', (path) => {
    expect(showsWhatsAppButton(path)).toBe(false);
  });

  it.each(['/ar', '/en/', '/ar/teachers', '/en/teachers/7', '/ar/reservations', '/en/contact', '/ar/chatsroom'])(
    'shows it on %s',
    (path) => {
      expect(showsWhatsAppButton(path)).toBe(true);
    },
  );
});

describe('WhatsAppButton', () => {
  it('sits above the safe area on a page where it shows', async () => {
    await renderRoute(<WhatsAppButton />, { language: 'ar', path: '/teachers' });
    const button = screen.getByTestId('whatsapp-button');
    expect(button.className).toContain('bottom-[calc(1.25rem+env(safe-area-inset-bottom))]');
    expect(button.getAttribute('href')).toMatch(/^https:\/\/wa\.me\//);
  });

  it.each([
    ['ar', '/chats/3'],
    ['en', '/lessons/9'],
    ['ar', '/payment/success'],
  ] as const)('%s %s: not rendered', async (language, path) => {
    await renderRoute(<WhatsAppButton />, { language, path });
    expect(screen.queryByTestId('whatsapp-button')).toBeNull();
  });
});
