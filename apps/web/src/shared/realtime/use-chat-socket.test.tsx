import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useChatSocket } from './use-chat-socket.ts';

const socket = vi.hoisted(() => ({ startChatSocket: vi.fn(), stopChatSocket: vi.fn() }));
vi.mock('./chat-socket.ts', () => socket);

afterEach(() => {
  vi.clearAllMocks();
});

describe('useChatSocket', () => {
  it('does nothing for a guest', async () => {
    renderHook(() => useChatSocket(null));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(socket.startChatSocket).not.toHaveBeenCalled();
  });

  it('starts the socket for a signed-in user and stops it on sign-out', async () => {
    const { rerender } = renderHook(({ userId }) => useChatSocket(userId), {
      initialProps: { userId: 8 as number | null },
    });
    await waitFor(() => expect(socket.startChatSocket).toHaveBeenCalledTimes(1));
    // The session's token and calls are handed in (the socket chunk does not import the HTTP client).
    expect(socket.startChatSocket).toHaveBeenCalledWith({
      getToken: expect.any(Function),
      refreshToken: expect.any(Function),
      // The HTTP client's refreshes reach the open socket (auth:renew, issue 19).
      onTokenRefreshed: expect.any(Function),
      getMessagesAfter: expect.any(Function),
      postRead: expect.any(Function),
    });
    rerender({ userId: null });
    await waitFor(() => expect(socket.stopChatSocket).toHaveBeenCalledTimes(1));
    expect(socket.startChatSocket).toHaveBeenCalledTimes(1);
  });

  it('restarts for another user and stops on unmount', async () => {
    const { rerender, unmount } = renderHook(({ userId }) => useChatSocket(userId), {
      initialProps: { userId: 8 as number | null },
    });
    await waitFor(() => expect(socket.startChatSocket).toHaveBeenCalledTimes(1));
    rerender({ userId: 9 });
    await waitFor(() => expect(socket.startChatSocket).toHaveBeenCalledTimes(2));
    expect(socket.stopChatSocket).toHaveBeenCalledTimes(1);
    unmount();
    await waitFor(() => expect(socket.stopChatSocket).toHaveBeenCalledTimes(2));
  });
});
