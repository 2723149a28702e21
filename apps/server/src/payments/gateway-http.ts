import type { GatewayProvider } from '@ustaz/contract';
import { filsToKwd, kwdToFils } from '@ustaz/contract';
import { GatewayError, type InitiateRequest, type LookupResult } from './provider.ts';

/** What the real gateway adapters share: one JSON exchange with a deadline, and careful reading. */

/** A lookup before the gateway gave its reference (initiation never finished): nothing to ask, pending until it expires. */
export const NOTHING_STARTED: LookupResult = { status: 'pending', amountFils: null, currency: null, orderId: null };

/** The real gateways take KWD only and nothing under their minimum: refuse here rather than after a round trip. */
export function checkKwdAmount(provider: GatewayProvider, request: InitiateRequest, minAmountFils: number): void {
  if (request.currency !== 'KWD')
    throw new GatewayError(provider, `currency ${String(request.currency)} not supported`);
  if (!Number.isSafeInteger(request.amountFils) || request.amountFils < minAmountFils) {
    throw new GatewayError(provider, `amount below the minimum of ${filsToKwd(minAmountFils)} KWD`);
  }
}

/**
 * One JSON request with a deadline. Unreachable, too slow, non-2xx and non-JSON answers all become
 * a GatewayError; messages carry the HTTP status and the gateway's message, never the request headers.
 */
export async function requestJson(options: {
  provider: GatewayProvider;
  /** The gateway's name in messages ("Payzah"). */
  label: string;
  fetch: typeof fetch;
  method: 'GET' | 'POST';
  url: string;
  authorization: string;
  body?: unknown;
  timeoutMs: number;
}): Promise<unknown> {
  const { provider, body, timeoutMs } = options;
  let text: string;
  let response: Response;
  try {
    response = await options.fetch(options.url, {
      method: options.method,
      headers: {
        authorization: options.authorization,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    throw new GatewayError(
      provider,
      isTimeout(error) ? `no answer within ${timeoutMs} ms` : `could not reach ${options.label}`,
      error,
    );
  }
  const json = parseJson(text);
  if (!response.ok) {
    const message = json.ok && isRecord(json.value) ? describe(json.value.message) : undefined;
    throw new GatewayError(provider, `answered HTTP ${response.status}${message ? `: ${message}` : ''}`);
  }
  if (!json.ok) throw new GatewayError(provider, 'answer is not JSON', json.error);
  return json.value;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A gateway's code or message, cut short, for our logs. */
export function describe(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  return String(value).slice(0, 200);
}

/** AbortSignal.timeout rejects with a DOMException named TimeoutError. */
function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}

/** Only http(s): the customer's browser is sent there. */
export function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * A gateway amount in KWD to fils, exactly: strings digit by digit (no float error), numbers rounded
 * to the fils. Anything else, or a fraction finer than a fils, is unreadable: null, so the service
 * refuses to credit rather than credit a guess.
 */
export function parseKwdAmount(raw: string | number | null | undefined): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) && raw >= 0 ? kwdToFils(raw) : null;
  if (typeof raw !== 'string') return null;
  const match = /^(\d{1,12})(?:\.(\d{1,3})0*)?$/.exec(raw.trim());
  return match ? kwdToFils(raw.trim()) : null;
}
