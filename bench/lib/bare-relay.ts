// The limit the chat bench is measured against in the same run (issue 19): a bare socket.io relay,
// run as two processes with the Redis adapter like the server, and no database. A socket connects
// with `auth.token` = its user id and joins `user:<id>`; a `message` ({ recipientId, content,
// clientMessageId }) is numbered here, emitted as `message:new` to both users' rooms (every process,
// through Redis) and acknowledged `{ ok: true, message }`, the same shapes as the real server.
// Env: PORT, REDIS_URL, REDIS_PREFIX, RELAY_INDEX (0 or 1: ids never collide between the two).
import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';

const port = Number(process.env.PORT);
const index = Number(process.env.RELAY_INDEX ?? 0);
const pub = createClient({ url: process.env.REDIS_URL || 'redis://127.0.0.1:6379' });
const sub = pub.duplicate();
pub.on('error', () => {});
sub.on('error', () => {});
await Promise.all([pub.connect(), sub.connect()]);

const http = createServer((request, response) => {
  response.writeHead(request.url === '/health' ? 200 : 404).end();
});
const io = new Server(http, {
  path: '/socket.io',
  transports: ['websocket'],
  serveClient: false,
  maxHttpBufferSize: 64 * 1024,
  adapter: createAdapter(pub, sub, { requestsTimeout: 3000, key: `${process.env.REDIS_PREFIX}:socket.io` }),
});

let next = 0;
io.on('connection', (socket) => {
  const userId = Number(socket.handshake.auth.token);
  void socket.join(`user:${userId}`);
  socket.on(
    'message',
    (payload: { recipientId: number; content: string; clientMessageId: string }, ack?: (answer: unknown) => void) => {
      next += 1;
      const message = {
        id: next * 2 + index,
        conversationId: 0,
        seq: next,
        senderId: userId,
        recipientId: payload.recipientId,
        content: payload.content,
        attachments: [],
        clientMessageId: payload.clientMessageId,
        createdAt: new Date().toISOString(),
        readAt: null,
      };
      io.to([`user:${userId}`, `user:${payload.recipientId}`]).emit('message:new', message);
      if (typeof ack === 'function') ack({ ok: true, message });
    },
  );
});

http.listen(port, '127.0.0.1');
process.once('SIGTERM', () => {
  io.close();
  void Promise.allSettled([pub.quit(), sub.quit()]).then(() => process.exit(0));
});
