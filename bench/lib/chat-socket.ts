// A socket.io client as the web app opens it (websocket only, the access token in the handshake),
// typed by the contract's events, for the benches that chat.
import type { ClientToServerEvents, ServerToClientEvents } from '@ustaz/contract';
import { io as connect, type Socket } from 'socket.io-client';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Connects to `url` with `token`; rejects on a refused handshake or after 10 s. */
export function openSocket(url: string, token: string | undefined): Promise<ChatSocket> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('connect timed out (10 s)')), 10_000);
    const socket: ChatSocket = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      socket.close();
      reject(error);
    });
  });
}
