import i18next from 'i18next';
import {
  clearTokensAfterFailure,
  getAccessToken,
  getRefreshToken,
  setTokens,
  tokenRefreshed,
} from '../auth/token-storage.ts';
import { withCrossTabLock } from './cross-tab-lock.ts';

/** An API answer outside 2xx, with the parsed body (`{ status, message, code }` or `{ status, errors }`). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    /** The Retry-After header of a 429 or 503, in seconds, when the server sent one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    const message =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
        ? body.message
        : `Request failed with status ${status}`;
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * What an answer is checked with: a response schema of `@ustaz/contract` (any zod schema fits).
 * The client itself imports no zod, so the first bundle holds zod only if one of its own calls
 * uses a zod schema; those few use a light check of the same shape (see `checkedBy`).
 */
export type ResponseSchema<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error?: unknown };
};

/** The contract's module: what a lazily named schema is read from. */
type Contract = typeof import('@ustaz/contract/responses');

/**
 * A contract schema named from the contract's module, `(contract) => contract.userSchema`: the
 * contract (and zod with it) loads beside the first request that needs it, instead of sitting in
 * the chunk of every route that calls the API.
 */
export type ContractSchema<T> = (contract: Contract) => ResponseSchema<T>;

let contractModule: Promise<Contract> | null = null;

/** The schema to check an answer with: loaded from the contract when it is named lazily. */
function schemaOf<T>(schema: ResponseSchema<T> | ContractSchema<T>): Promise<ResponseSchema<T>> {
  if (typeof schema !== 'function') return Promise.resolve(schema);
  contractModule ??= import('@ustaz/contract/responses').catch((error: unknown) => {
    contractModule = null; // a failed chunk load is tried again by the next call
    throw error;
  });
  return contractModule.then(schema);
}

/** The `code` of the ApiRequestError thrown when a 2xx answer does not match its schema. */
export const INVALID_RESPONSE = 'invalidResponse';

/** Whether an error is the one thrown for an answer that did not match its schema. */
export function isInvalidResponse(error: unknown): boolean {
  const body = error instanceof ApiRequestError ? error.body : null;
  return !!body && typeof body === 'object' && 'code' in body && body.code === INVALID_RESPONSE;
}

/**
 * A response schema from a type guard, for the calls of the first bundle (zod stays out of it):
 * `checkedBy(isUser)`. Everywhere else the contract's zod schema is passed.
 */
export function checkedBy<T>(guard: (value: unknown) => value is T): ResponseSchema<T> {
  return { safeParse: (value) => (guard(value) ? { success: true, data: value } : { success: false }) };
}

/** Spec 8: the rejection when the session could not be renewed after a 401. */
export const TOKEN_REFRESH_FAILED = 'Token refresh failed';

type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The bearer to send instead of the stored access token; null sends none. The refresh and
   * logout calls send the refresh token this way.
   */
  token?: string | null;
  /** Extra request headers (an `Idempotency-Key`). */
  headers?: Record<string, string>;
};

/**
 * The auth calls never trigger a token refresh (spec 8): their 401 means wrong credentials or a
 * refused refresh token, not an expired access token.
 */
const NO_REFRESH_PATH =
  /^\/api\/v1\/auth\/(?:email\/(?:login|register|confirm|resend)|refresh|logout|forgot\/password|reset\/password|google\/login)$/;

function toSearch(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      // Repeated `key[]`; an empty list sends one empty value (spec 7, teacher search subjects).
      if (value.length === 0) params.append(`${key}[]`, '');
      for (const item of value) params.append(`${key}[]`, String(item));
    } else params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

function retryAfter(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

type Transport = (input: string, init: RequestInit) => Promise<Response>;

/** What requests are sent with: the global fetch, or the server renderer's in-process one (ADR 021). */
let transport: Transport = (input, init) => fetch(input, init);

/** Replaces the transport: the server renderer sends to the API in process, as a guest. */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/** One HTTP exchange: JSON in and out, the request language, the given bearer. */
async function send(path: string, options: RequestOptions, token: string | null): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const language = i18next.resolvedLanguage ?? i18next.language;
  if (language) headers['accept-language'] = language;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await transport(`${path}${toSearch(options.query)}`, {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!response.ok) throw new ApiRequestError(response.status, parsed, retryAfter(response));
  return parsed;
}

type RefreshAnswer = { token: string; refreshToken: string };

function isTokenPair(value: unknown): value is RefreshAnswer {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return typeof record.token === 'string' && typeof record.refreshToken === 'string';
}

/** POST /auth/refresh's answer (the contract's refreshResponseSchema), checked without zod. */
const tokenPairShape = checkedBy(isTokenPair);

let refreshInFlight: Promise<string> | null = null;

/** The name of the cross-tab lock around a refresh: one tab at a time exchanges the token. */
export const REFRESH_LOCK_NAME = 'ustaz-token-refresh';

async function exchangeRefreshToken(): Promise<string> {
  const seen = getRefreshToken();
  return withCrossTabLock(REFRESH_LOCK_NAME, async () => {
    // Another tab renewed the shared session while this one waited: use its pair, do not spend it.
    const current = getRefreshToken();
    const access = getAccessToken();
    if (seen && current && current !== seen && access) return access;
    return exchange(current);
  });
}

async function exchange(refreshToken: string | null): Promise<string> {
  try {
    if (!refreshToken) throw new Error('No refresh token');
    const path = '/api/v1/auth/refresh';
    const answer = checked(path, await send(path, { method: 'POST' }, refreshToken), tokenPairShape);
    // The refresh token rotates on every use: the new pair replaces the old one at once.
    setTokens(answer);
    return answer.token;
  } catch {
    clearTokensAfterFailure();
    throw new Error(TOKEN_REFRESH_FAILED);
  }
}

/**
 * Exchanges the stored refresh token for a new pair and returns the new access token. One
 * refresh at a time: callers arriving while one runs share it, and other tabs wait for it on a
 * cross-tab lock and then use the pair it stored (a refresh token is single-use; the server's
 * 10 s grace window is the safety net). On failure both tokens are cleared and the promise
 * rejects with Error('Token refresh failed').
 */
export function refreshAccessToken(): Promise<string> {
  refreshInFlight ??= exchangeRefreshToken()
    .then((token) => {
      tokenRefreshed(token);
      return token;
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

/**
 * The answer as its schema reads it. One that does not match is an ApiRequestError with the code
 * `invalidResponse` and no server message (so a screen shows its own failure text, as for any
 * failed call), carrying the path and the schema's issues for a developer.
 */
function checked<T>(path: string, answer: unknown, schema: ResponseSchema<T>): T {
  const result = schema.safeParse(answer);
  if (result.success) return result.data;
  throw new ApiRequestError(200, { code: INVALID_RESPONSE, path, issues: result.error ?? null });
}

/**
 * The one HTTP client. Sends the stored access token; on a 401 (outside the auth calls) it
 * renews the session once and retries the request once with the new token (spec 4 and 8). The
 * answer is checked with its schema (the contract's response schema, named lazily as
 * `(contract) => contract.xSchema`, or a first-bundle `…Shape`) and returned as it reads it.
 */
export async function apiRequest<T>(
  path: string,
  schemaOrName: ResponseSchema<T> | ContractSchema<T>,
  options: RequestOptions = {},
): Promise<T> {
  // The schema loads while the request is on its way (a failure to load surfaces when it is used).
  const loading = schemaOf(schemaOrName);
  loading.catch(() => {});
  const explicit = options.token !== undefined;
  const sentToken = explicit ? (options.token ?? null) : getAccessToken();
  try {
    return checked(path, await send(path, options, sentToken), await loading);
  } catch (error) {
    const refreshable =
      error instanceof ApiRequestError && error.status === 401 && !explicit && sentToken && !NO_REFRESH_PATH.test(path);
    if (!refreshable) throw error;
  }
  // Another request may have renewed the session while this one was on the way: use its token.
  const current = getAccessToken();
  const token = current && current !== sentToken ? current : await refreshAccessToken();
  return checked(path, await send(path, options, token), await loading);
}
