import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { MessageBubble } from './message-bubble.tsx';

const LONG_LINK = `https://example.com/${'a'.repeat(300)}`;

async function renderBubble(content: string) {
  return renderRoute(
    <MessageBubble
      content={content}
      attachments={[]}
      createdAt="2026-03-10T09:00:00.000Z"
      status="received"
      timeZone="Asia/Kuwait"
    />,
    { language: 'ar', path: '/chat/1' },
  );
}

describe('MessageBubble', () => {
  it('makes an http(s) link clickable in a new tab, and lets a long one wrap anywhere', async () => {
    const { missing } = await renderBubble(`شاهد هذا ${LONG_LINK}`);
    const text = await screen.findByTestId('message-text');
    expect(text.className).toContain('wrap-anywhere');
    const link = screen.getByRole('link', { name: LONG_LINK });
    expect(link.getAttribute('href')).toBe(LONG_LINK);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(text.textContent).toBe(`شاهد هذا ${LONG_LINK}`);
    expect(missing).toEqual([]);
  });

  it('shows a javascript: address as text, not as a link', async () => {
    await renderBubble('javascript:alert(document.cookie)');
    const text = await screen.findByTestId('message-text');
    expect(text.textContent).toBe('javascript:alert(document.cookie)');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
