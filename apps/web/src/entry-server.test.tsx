// @vitest-environment node
import type { Language } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import type { ApiFetch } from './entry-server.tsx';
import { localeTexts, renderOnServer } from './entry-server-test-support.ts';
import type { ServerRenderData } from './shared/ssr/server-render-data.ts';
import { makeTeacher, resultsPage } from './shared/test/search-test-data.ts';

/** The API in process, as the server hands it in: the teacher search answers, anything else 404s. */
function fakeApi(teacherName: { firstName: string; lastName: string }) {
  const calls: { url: string; language: string | undefined }[] = [];
  const apiFetch: ApiFetch = async (url, init) => {
    const headers = init.headers as Record<string, string> | undefined;
    calls.push({ url, language: headers?.['accept-language'] });
    if (url.startsWith('/api/teachers/search')) {
      const teacher = makeTeacher(1, {
        hourlyRate: '14.250',
        subjects: [{ id: 3, name: 'Chemistry' }],
        user: { id: 101, ...teacherName, photo: null },
      });
      return Response.json(resultsPage([teacher]));
    }
    return Response.json({ status: 404, message: 'Not found' }, { status: 404 });
  };
  return { apiFetch, calls };
}

function renderPage(url: string, language: Language, apiFetch: ApiFetch) {
  return renderOnServer({ url, language, apiFetch });
}

describe('the server renderer (ADR 021)', () => {
  it.each([
    ['ar', { firstName: 'هيا', lastName: 'الفضلي' }, 'معلمونا', '١٤٫٢٥٠'],
    ['en', { firstName: 'Haya', lastName: 'Al-Fadhli' }, 'Our teachers', '14.250'],
  ] as const)(
    '%s: draws the teachers list with the data it fetched, in the page language',
    async (language, name, title, price) => {
      const api = fakeApi(name);
      const out = await renderPage(`/${language}/teachers`, language, api.apiFetch);
      expect(out).not.toBeNull();
      const html = out?.html ?? '';
      expect(html).toContain(title);
      expect(html).toContain(`${name.firstName} ${name.lastName}`);
      expect(html).toContain('Chemistry');
      expect(html).toContain(price);
      // The search went out once, through the handed-in fetch.
      expect(api.calls.filter((call) => call.url.startsWith('/api/teachers/search'))).toHaveLength(1);

      const data = JSON.parse(out?.data ?? '{}') as ServerRenderData;
      expect(data.language).toBe(language);
      // Only the namespaces the page used, in its language.
      expect(Object.keys(data.texts).sort()).toEqual(['common', 'search']);
      expect(data.texts.common).toEqual(localeTexts(language).common);
      const keys = data.queries.queries.map((query) => query.queryKey[0]);
      expect(keys).toEqual(expect.arrayContaining(['website-settings', 'teachers']));
      expect(data.queries.queries.every((query) => query.state.status === 'success')).toBe(true);
    },
  );

  it('writes the data block safe inside a <script>', async () => {
    const api = fakeApi({ firstName: '</script><script>alert(1)</script>', lastName: 'X' });
    const out = await renderPage('/en/teachers', 'en', api.apiFetch);
    expect(out?.data).not.toContain('</script>');
    expect(out?.data).toContain('\\u003c/script>');
    // React escaped the name in the HTML too.
    expect(out?.html).not.toContain('<script>alert(1)');
  });

  it('declines signed-in-only pages and pages whose data failed, which the browser draws as before', async () => {
    const api = fakeApi({ firstName: 'A', lastName: 'B' });
    expect(await renderPage('/en/reservations', 'en', api.apiFetch)).toBeNull();
    expect(await renderPage('/en/login', 'en', api.apiFetch)).toBeNull();
    // A query that failed otherwise than with a 404.
    const failing: ApiFetch = async () => Response.json({ status: 503, message: 'Unavailable' }, { status: 503 });
    expect(await renderPage('/en/teachers', 'en', failing)).toBeNull();
  });

  it("draws an unknown teacher's not-found state and hands the 404 over with the page", async () => {
    const api = fakeApi({ firstName: 'A', lastName: 'B' });
    const out = await renderPage('/en/teachers/5', 'en', api.apiFetch);
    expect(out?.html).toContain('Teacher not found');
    const data = JSON.parse(out?.data ?? '{}') as ServerRenderData;
    const profile = data.queries.queries.find((query) => query.state.status === 'error');
    expect(profile?.state.error).toMatchObject({ status: 404 });
  });

  it('draws a page without data, and the not-found page, with no request at all', async () => {
    const api = fakeApi({ firstName: 'A', lastName: 'B' });
    const about = await renderPage('/ar/about', 'ar', api.apiFetch);
    expect(about?.html).toContain('من نحن');
    const missing = await renderPage('/en/no-such-page', 'en', api.apiFetch);
    expect(missing?.html).toContain('Page not found');
    expect(api.calls).toEqual([]);
  });
});
