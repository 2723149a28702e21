import { useEffect } from 'react';
import { getAccessToken, onTokenRefreshed } from '../auth/token-storage.ts';
import { refreshAccessToken } from '../http/client.ts';
import { getMessages, postRead } from './chat-api.ts';
import type { ChatSocketServices } from './chat-socket.ts';

const loadChatSocket = () => import('./chat-socket.ts');

const session: ChatSocketServices = {
  getToken: getAccessToken,
  refreshToken: refreshAccessToken,
  onTokenRefreshed,
  getMessagesAfter: (conversationId, afterSeq, limit) => getMessages(conversationId, { afterSeq, limit }),
  postRead,
};

/**
 * Session start-up (spec 4): once a user is signed in, the global chat socket starts; it stops
 * (the intentional disconnect) when they sign out or another user signs in. socket.io-client
 * is loaded here with import(), so it is not part of the first bundle.
 */
export function useChatSocket(signedInUserId: number | null): void {
  useEffect(() => {
    if (signedInUserId === null) return;
    const socket = loadChatSocket();
    socket.then(
      (module) => module.startChatSocket(session),
      (error: unknown) => console.warn('chat: the chat socket could not be loaded', error),
    );
    return () => {
      void socket.then((module) => module.stopChatSocket()).catch(() => {});
    };
  }, [signedInUserId]);
}
