import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The HTTP plumbing the local gateways (fake-deema.ts, fake-payzah.ts) share; each keeps its own protocol. */
export type FakeFailure = 'error' | 'hang' | 'malformed';

export type FakeRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string; json: unknown };

/** Listens on 127.0.0.1 (random port); close() also ends hanging calls and keep-alive sockets. */
export async function listenLocally(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An API call as received: its body read and parsed (undefined when it is not JSON). */
export async function readCall(request: IncomingMessage, path: string): Promise<FakeRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  const body = Buffer.concat(chunks).toString('utf8');
  return { method: request.method ?? '', path, headers: request.headers, body, json: parseJson(body) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The checkout page: tiny HTML with Pay / Fail buttons posting to /checkout/{id}/pay | /fail. */
export function checkoutPage(gateway: string, id: string, amount: string): string {
  const safeId = escapeHtml(encodeURIComponent(id));
  return `<!doctype html><html><head><meta charset="utf-8"><title>${gateway} (fake)</title></head><body>
<h1>${gateway} (fake)</h1><p>Amount: <span id="amount">${escapeHtml(amount)}</span> KWD</p>
<form method="post" action="/checkout/${safeId}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/checkout/${safeId}/fail"><button type="submit">Fail</button></form>
</body></html>`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function send(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'content-type': contentType }).end(body);
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  send(response, status, 'application/json', JSON.stringify(body));
}
