import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { baseUrl } from '../support/browser.ts';

/**
 * What only the proxy shows (vitest.nginx.config.ts: deploy/nginx.conf in front of two app processes
 * on PostgreSQL + Redis): two sockets through nginx land on different processes and still talk, a
 * booking made through nginx reaches the teacher's socket on the other process, hashed assets come
 * precompressed with a year's cache (the app's brotli passed through), pages gzipped, a client's
 * forged X-Forwarded-For is replaced by the address nginx sees, the metrics are not served to the outside.
 */
const DEMO_PASSWORD = 'Ustaz2026!';
// Demo accounts the chat and booking specs run here do not use.
const STUDENT = 'student@ustaz.example';
const TEACHER = 'teacher@ustaz.example';
const HOUR_MS = 3_600_000;

const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

async function api<T>(path: string, token: string | null, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    ...init,
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const logIn = async (email: string) =>
  (
    await api<{ token: string }>('/api/v1/auth/email/login', null, {
      method: 'POST',
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    })
  ).token;

function connect(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    // What the web app does: websocket only, so no sticky sessions are needed behind nginx.
    const socket = io(baseUrl(), {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    sockets.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function next<T>(socket: Socket, event: string, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** The app processes nginx sent the websocket handshakes to (`upstream=` in its access log, written when a socket closes). */
function socketUpstreams(): string[] {
  return readFileSync(inject('nginxAccessLog'), 'utf8')
    .split('\n')
    .filter((line) => line.includes('GET /socket.io/') && / 101 /.test(line))
    .map((line) => /upstream=(\S+)/.exec(line)?.[1] ?? '');
}

describe('through nginx in front of two app processes', () => {
  it('two sockets on different processes: a chat message and a booking notification cross between them', async () => {
    const [studentToken, teacherToken] = [await logIn(STUDENT), await logIn(TEACHER)];
    const teacherId = (await api<{ id: number }>('/api/v1/auth/me', teacherToken)).id;
    // least_conn with the upstream's shared zone: with one socket open on a process, the next
    // handshake goes to the other, whichever nginx worker accepts it.
    const teacher = await connect(teacherToken);
    const student = await connect(studentToken);

    const arrives = next<{ content: string }>(teacher, 'message:new');
    const ack = await student
      .timeout(10_000)
      .emitWithAck('message', { recipientId: teacherId, content: 'through nginx', clientMessageId: randomUUID() });
    expect(ack).toMatchObject({ ok: true });
    expect((await arrives).content).toBe('through nginx');

    // The teacher opens an hour two days ahead; the student books it with the wallet, through nginx.
    const start = Math.ceil((Date.now() + 2 * 24 * HOUR_MS) / HOUR_MS) * HOUR_MS + 3 * HOUR_MS;
    const slot = await api<{ id: number }>('/api/v1/availability/slots', teacherToken, {
      method: 'POST',
      body: JSON.stringify({
        startTime: new Date(start).toISOString(),
        endTime: new Date(start + HOUR_MS).toISOString(),
        price: '5.000',
      }),
    });
    const notified = next<{ type?: string }>(teacher, 'notification');
    const booked = await api<{ reservations?: unknown[] }>('/api/v1/booking/single', studentToken, {
      method: 'POST',
      body: JSON.stringify({ timeSlotId: slot.id, paymentMethod: 'balance', expectedTotal: '5.000' }),
    });
    expect(booked).toBeTruthy();
    expect(await notified).toBeTruthy();

    student.disconnect();
    teacher.disconnect();
    // nginx writes a websocket's log line when it closes.
    await expect.poll(() => socketUpstreams().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const used = new Set(socketUpstreams().slice(-2));
    expect(used).toEqual(new Set(inject('appPorts').map((port) => `127.0.0.1:${port}`)));
  });

  it('hashed assets come precompressed (brotli or gzip) with a year-long immutable cache; pages gzipped by nginx', async () => {
    const page = await fetch(`${baseUrl()}/en`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('gzip');
    const asset = /\/assets\/[\w.-]+\.js/.exec(await page.text())?.[0];
    expect(asset).toBeTruthy();
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${baseUrl()}${asset}`, { headers: { 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    }
  });

  it('a forged X-Forwarded-For through nginx changes nothing: the sign-in delay counts the real address', async () => {
    // An account no other spec uses; the delay is per account and address (5 failures free, then a wait).
    const email = `forged-${randomUUID()}@ustaz.example`;
    const attempt = (forged: string) =>
      fetch(`${baseUrl()}/api/v1/auth/email/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forged },
        body: JSON.stringify({ email, password: 'Wrong#Password1' }),
      });
    // Each claims another address; nginx replaces the header with the one it sees (loopback).
    for (let i = 1; i <= 5; i++) expect((await attempt(`203.0.113.${i}`)).status).toBe(422);
    const delayed = await attempt('203.0.113.99');
    expect(delayed.status).toBe(429);
    expect(Number(delayed.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('does not serve the metrics to the outside, and answers health through either process', async () => {
    expect((await fetch(`${baseUrl()}/metrics`)).status).toBe(404);
    for (let i = 0; i < 4; i++) expect((await fetch(`${baseUrl()}/api/health`)).status).toBe(200);
  });
});
