import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The server the local gateways (fake-deema.ts, fake-payzah.ts) share: the request log, injected
 * failures, the API key check and the checkout pages. Each gateway keeps its own protocol (paths,
 * bodies, statuses) in a {@link FakeGatewayProtocol}.
 */
export type FakeFailure = 'error' | 'hang' | 'malformed';

export type FakeRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string; json: unknown };

/** What a local gateway tells the shared server about its protocol. */
export type FakeGatewayProtocol<Order> = {
  /** Shown on the checkout page. */
  name: string;
  /** The API paths (checkout pages excluded); anything else answers 404. */
  apiPaths: readonly string[];
  /** The Authorization header an API call must carry: missing -> 401, another -> 403. */
  expectedAuthorization: string;
  /** The gateway's JSON error body around a message. */
  errorBody: (message: string) => unknown;
  messages: { serverError: string; unauthenticated: string; forbidden: string; malformed: string };
  /** Answers an authorised API call: [status, JSON body]. */
  answer: (call: FakeRequest, pathname: string) => [number, unknown];
  /** The order of a checkout page, by any id the gateway accepts. */
  find: (id: string) => Order | undefined;
  /** "purchase" / "payment": the 404 page of an unknown id says "Unknown <orderNoun>". */
  orderNoun: string;
  /** The id and amount the checkout page shows. */
  checkoutOf: (order: Order) => { id: string; amount: string };
  /** The customer pressed Pay (`paid`) or Fail: marks the order, returns the URL to send them to (303). */
  finish: (order: Order, paid: boolean) => string;
};

export type FakeGatewayServer = {
  baseUrl: string;
  /** Every API call received (checkout pages excluded), oldest first, including refused ones. */
  requests: FakeRequest[];
  /** The next `count` API calls fail: 'error' answers 500, 'hang' never answers, 'malformed' answers broken JSON. */
  failNext(count: number, how?: FakeFailure): void;
  /** Also ends hanging calls and keep-alive sockets. */
  close(): Promise<void>;
};

/** What a test does with a local gateway: the server, and its orders by any id the gateway accepts. */
export type FakeGateway<Order extends { reported: object }> = FakeGatewayServer & {
  order(id: string): Order | undefined;
  /** The customer paid: the gateway's paid status, or another raw status. */
  pay(id: string, status?: string): void;
  /** The payment failed: the gateway's failed status by default, or another raw status. */
  fail(id: string, status?: string): void;
  /** Values the gateway's lookup reports from now on instead of the stored ones (mismatch tests). */
  report(id: string, values: Order['reported']): void;
};

/** A local gateway on 127.0.0.1 (random port) speaking `protocol`. */
export async function startFakeGateway<Order>(protocol: FakeGatewayProtocol<Order>): Promise<FakeGatewayServer> {
  const requests: FakeRequest[] = [];
  const failures: FakeFailure[] = [];
  const { messages } = protocol;
  const sendError = (response: ServerResponse, status: number, message: string) =>
    sendJson(response, status, protocol.errorBody(message));

  const api = async (request: IncomingMessage, response: ServerResponse, path: string, pathname: string) => {
    const call = await readCall(request, path);
    requests.push(call);
    const failure = failures.shift();
    if (failure === 'hang') return; // the socket stays open until close()
    if (failure === 'error') return sendError(response, 500, messages.serverError);
    if (failure === 'malformed') return send(response, 200, 'application/json', messages.malformed);
    const authorization = request.headers.authorization;
    if (authorization === undefined) return sendError(response, 401, messages.unauthenticated);
    if (authorization !== protocol.expectedAuthorization) return sendError(response, 403, messages.forbidden);
    const [status, body] = protocol.answer(call, pathname);
    sendJson(response, status, body);
  };

  const checkout = (request: IncomingMessage, response: ServerResponse, id: string, action: string | undefined) => {
    const order = protocol.find(id);
    if (!order) return send(response, 404, 'text/html', `<!doctype html><p>Unknown ${protocol.orderNoun}</p>`);
    if (request.method === 'GET' && action === undefined) {
      const shown = protocol.checkoutOf(order);
      return send(response, 200, 'text/html; charset=utf-8', checkoutPage(protocol.name, shown.id, shown.amount));
    }
    if (request.method !== 'POST' || (action !== 'pay' && action !== 'fail'))
      return send(response, 405, 'text/plain', '');
    response.writeHead(303, { location: protocol.finish(order, action === 'pay') }).end();
  };

  const server = await listenLocally((request, response) => {
    const path = request.url ?? '/';
    const pathname = new URL(path, 'http://fake').pathname;
    const page = /^\/checkout\/([^/]+)(?:\/(pay|fail))?$/.exec(pathname);
    if (page?.[1]) return checkout(request, response, decodeURIComponent(page[1]), page[2]);
    if (protocol.apiPaths.includes(pathname)) {
      api(request, response, path, pathname).catch(() => sendError(response, 500, 'fake error'));
      return;
    }
    sendError(response, 404, 'Not found');
  });

  return {
    baseUrl: server.baseUrl,
    requests,
    failNext: (count, how = 'error') => failures.push(...Array.from({ length: count }, () => how)),
    close: server.close,
  };
}

/** Listens on 127.0.0.1 (random port); close() also ends hanging calls and keep-alive sockets. */
async function listenLocally(
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
async function readCall(request: IncomingMessage, path: string): Promise<FakeRequest> {
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
function checkoutPage(gateway: string, id: string, amount: string): string {
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

function send(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'content-type': contentType }).end(body);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  send(response, status, 'application/json', JSON.stringify(body));
}
