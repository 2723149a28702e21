import { TRANSLATION_RETRY } from '@ustaz/contract/constants';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchBackend } from './fetch-backend.ts';
import { translate } from './translate.ts';

afterEach(() => {
  vi.useRealTimers();
});

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function init(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const instance = i18next.createInstance();
  const ready = instance.use(createFetchBackend()).init({
    lng: 'en',
    fallbackLng: false,
    ns: ['common'],
    defaultNS: 'common',
    maxRetries: TRANSLATION_RETRY.maxRetries,
    retryTimeout: TRANSLATION_RETRY.initialDelayMs,
  });
  return { instance, ready };
}

describe('translation loading', () => {
  it('loads /locales/{lng}/{ns}.json', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ hello: 'Hello' }));
    const { instance, ready } = await init(fetchMock);
    await ready;
    expect(fetchMock).toHaveBeenCalledWith('/locales/en/common.json', expect.anything());
    expect(translate(instance.t, 'hello')).toBe('Hello');
  });

  it('retries failures up to 5 times, 350 ms first and doubling', async () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const fetchMock = vi.fn(async () => {
      calls.push(Date.now());
      if (calls.length <= 5) throw new TypeError('network down');
      return jsonResponse({ hello: 'Finally' });
    });
    const { instance, ready } = await init(fetchMock);
    await vi.runAllTimersAsync();
    await ready;
    expect(fetchMock).toHaveBeenCalledTimes(6);
    const gaps = calls.slice(1).map((at, i) => at - (calls[i] ?? 0));
    expect(gaps).toEqual([350, 700, 1400, 2800, 5600]);
    expect(translate(instance.t, 'hello')).toBe('Finally');
  });

  it('does not retry a missing file', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => jsonResponse({}, 404));
    const { ready } = await init(fetchMock);
    await vi.runAllTimersAsync();
    await ready;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
